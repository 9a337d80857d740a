import { checkApplyPath } from './paths';
import type { AnswerEdit, ParsedAnswer } from './types';

/**
 * The folder's own spelling of a path an answer names (in its normal form): undefined when
 * the folder has the path as written, or nothing it could mean.
 */
export type FolderSpelling = (path: string) => string | undefined;

const nfc = (text: string) => text.normalize('NFC');

/**
 * A spelling among the folder's files: a path that is none of them but has the Unicode
 * normal form (NFC) of exactly one is that one. Models write names composed (`é`), and a
 * folder from macOS may hold them decomposed (`e` and U+0301): both look alike, and the
 * file systems of Linux and the browser's private one tell them apart.
 */
export function spellingAmong(paths: readonly string[]): FolderSpelling {
  const exact = new Set(paths);
  let byForm: Map<string, string | null> | null = null;
  return (path) => {
    if (exact.has(path)) return undefined;
    if (byForm === null) {
      byForm = new Map();
      for (const known of paths) {
        const form = nfc(known);
        byForm.set(form, byForm.has(form) ? null : known);
      }
    }
    return byForm.get(nfc(path)) ?? undefined;
  };
}

/**
 * The answer with each path the folder spells otherwise (`spelling`) respelled, so that an
 * edit of `café.txt` edits the file the folder holds, never a second one beside it.
 */
export function spellAsFolder(parsed: ParsedAnswer, spelling: FolderSpelling): ParsedAnswer {
  let changed = false;
  const respell = <T extends string | null>(path: T): T => {
    if (path === null) return path;
    const checked = checkApplyPath(path);
    const spelled = checked.ok ? spelling(checked.path) : undefined;
    if (spelled === undefined || spelled === path) return path;
    changed = true;
    return spelled as T;
  };
  const edits = parsed.edits.map((edit): AnswerEdit => {
    const path = respell(edit.path);
    if (edit.kind !== 'unified-diff') return path === edit.path ? edit : { ...edit, path };
    const oldPath = respell(edit.oldPath);
    const newPath = respell(edit.newPath);
    if (path === edit.path && oldPath === edit.oldPath && newPath === edit.newPath) return edit;
    return { ...edit, path, oldPath, newPath };
  });
  return changed ? { ...parsed, edits } : parsed;
}
