import { failure } from './failures';
import { checkApplyPath } from './paths';
import type { AnswerEdit, ApplyFailure, ParsedAnswer } from './types';

/** The paths an edit reads: its file, and for a rename the file it comes from. */
function editPaths(edit: AnswerEdit): string[] {
  if (edit.kind !== 'unified-diff') return [edit.path];
  return [edit.oldPath, edit.newPath].filter((path): path is string => path !== null);
}

/**
 * Every path the caller must read before planning (old and new sides of renames), in their
 * normal form; paths the answer may not touch are left out (they are refused, never read).
 */
export function touchedPaths(parsed: ParsedAnswer): string[] {
  const paths = new Set<string>();
  for (const edit of parsed.edits) {
    for (const path of editPaths(edit)) {
      const checked = checkApplyPath(path);
      if (checked.ok) paths.add(checked.path);
    }
  }
  return [...paths];
}

/** The target of an edit (the new path of a rename) and the path its text comes from. */
export function route(edit: AnswerEdit): {
  path: string;
  source: string;
  refused: ApplyFailure | null;
} {
  const [target, from] =
    edit.kind === 'unified-diff'
      ? [edit.newPath ?? edit.oldPath ?? edit.path, edit.oldPath ?? edit.newPath ?? edit.path]
      : [edit.path, edit.path];
  for (const raw of new Set([target, from])) {
    const checked = checkApplyPath(raw);
    if (!checked.ok) {
      const { code, params } = checked.reason;
      return { path: target, source: from, refused: failure(code, params, edit.blockIndex) };
    }
  }
  const path = (checkApplyPath(target) as { path: string }).path;
  const source = (checkApplyPath(from) as { path: string }).path;
  return { path, source, refused: null };
}
