// What applying one edit to a file gives, and the checks the kinds of edit share.
import { holdsKey, keyedLines } from './line-index';
import type { SearchBudget } from './line-search';
import type { FileBody, Lines } from './text';
import type { ApplyFailure } from './types';

/** A file while its edits are applied in order. */
export interface WorkingFile {
  exists: boolean;
  body: FileBody;
}

/** `alreadyApplied`: the edit's result was in the file already (or it changes nothing); skipped. */
export type EditOutcome =
  | { ok: true; file: WorkingFile; alreadyApplied?: boolean }
  | { ok: false; failures: ApplyFailure[] };

export const fail = (...failures: ApplyFailure[]): EditOutcome => ({ ok: false, failures });
export const skip = (file: WorkingFile): EditOutcome => ({ ok: true, file, alreadyApplied: true });

/** Same texts and endings, line for line. */
export function sameLines(a: Lines, b: Lines): boolean {
  if (a.texts.length !== b.texts.length) return false;
  for (let k = 0; k < a.texts.length; k++)
    if (a.texts[k] !== b.texts[k] || a.eols[k] !== b.eols[k]) return false;
  return true;
}

/**
 * Whether the file holds `marker` as a line (spaces around it aside), asked of its index;
 * once the budget is spent, `affordable.ok` turns false and nothing is held.
 */
export function fileHolds(lines: Lines, budget: SearchBudget, affordable: { ok: boolean }) {
  return (marker: string) => {
    const index = affordable.ok ? keyedLines(lines, 'trim', budget) : null;
    if (!index) affordable.ok = false;
    return index ? holdsKey(index, marker) : false;
  };
}

/** Whether some of `texts` is `marker`, spaces around it aside. */
export const among = (texts: readonly string[], marker: string) =>
  texts.some((text) => text.includes(marker) && text.trim() === marker);
