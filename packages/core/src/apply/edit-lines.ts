import type { SearchReplaceEdit, WholeFileEdit } from './types';
import { answerLines } from './text';

type Field = 'search' | 'replace' | 'text';
type Edit = SearchReplaceEdit | WholeFileEdit;

/**
 * The lines parse joined into an edit's text, kept so that planning does not split the text
 * again (the answer's lines were split once already; a second split of every block was a
 * string per line more for the collector).
 */
const known = new WeakMap<Edit, Partial<Record<Field, { text: string; lines: string[] }>>>();

/**
 * Keeps `lines` as the lines of `text` (their join, each line followed by a newline). Only
 * without a CR: `answerLines` takes CRLF for LF, so lines holding one would not come back.
 */
export function keepLines(edit: Edit, field: Field, text: string, lines: string[]): void {
  if (text.includes('\r')) return;
  let fields = known.get(edit);
  if (!fields) known.set(edit, (fields = {}));
  fields[field] = { text, lines };
}

/** `answerLines` of the edit's text: the lines parse kept, or a split. Never to be changed. */
export function editLines(edit: SearchReplaceEdit, field: 'search' | 'replace'): string[];
export function editLines(edit: WholeFileEdit, field: 'text'): string[];
export function editLines(edit: Edit, field: Field): string[] {
  const text = (edit as unknown as Record<Field, string>)[field];
  const kept = known.get(edit)?.[field];
  // The text is compared too: an edit whose text was changed since is split.
  return kept?.text === text ? kept.lines : answerLines(text);
}
