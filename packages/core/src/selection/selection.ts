import { MAX_SELECTED_FILES } from '../limits';

/**
 * File-selection rules as pure functions: each returns the new selection, or a
 * typed refusal the UI turns into its message (selectionLimitError with max, or the
 * no-file-found message). Selections are never mutated in place.
 */
export type SelectionResult =
  | { ok: true; selected: Set<string> }
  | { ok: false; reason: 'limit'; max: number }
  | { ok: false; reason: 'no-match' };

const limitRefusal = (max: number): SelectionResult => ({ ok: false, reason: 'limit', max });

/** Select all: deselects when every file is already selected; refused above the max. */
export function toggleSelectAll(
  allFiles: readonly string[],
  selected: ReadonlySet<string>,
  max = MAX_SELECTED_FILES,
): SelectionResult {
  if (allFiles.length > 0 && allFiles.every((p) => selected.has(p))) {
    return { ok: true, selected: new Set() };
  }
  if (allFiles.length > max) return limitRefusal(max);
  return { ok: true, selected: new Set(allFiles) };
}

export function deselectAll(): Set<string> {
  return new Set();
}

/** One file's checkbox: removing always works, adding is refused past the max. */
export function toggleFile(
  path: string,
  selected: ReadonlySet<string>,
  max = MAX_SELECTED_FILES,
): SelectionResult {
  const next = new Set(selected);
  if (next.delete(path)) return { ok: true, selected: next };
  return addFiles([path], selected, max);
}

/** Directory checkbox: all its files selected -> deselect them all, else select them all. */
export function toggleDirectory(
  directoryFiles: readonly string[],
  selected: ReadonlySet<string>,
  max = MAX_SELECTED_FILES,
): SelectionResult {
  if (directoryFiles.length > 0 && directoryFiles.every((p) => selected.has(p))) {
    const next = new Set(selected);
    for (const path of directoryFiles) next.delete(path);
    return { ok: true, selected: next };
  }
  return addFiles(directoryFiles, selected, max);
}

/** Union, refused when the result would exceed the max. */
export function addFiles(
  paths: Iterable<string>,
  selected: ReadonlySet<string>,
  max = MAX_SELECTED_FILES,
): SelectionResult {
  const next = new Set(selected);
  for (const path of paths) next.add(path);
  if (next.size > max && next.size > selected.size) return limitRefusal(max);
  return { ok: true, selected: next };
}

/** "Add changed files" (added + modified). */
export function addChangedFiles(
  changed: readonly string[],
  selected: ReadonlySet<string>,
  max = MAX_SELECTED_FILES,
): SelectionResult {
  return addFiles(changed, selected, max);
}

/** "Replace selection with changed files" (changes filter only). */
export function replaceWithChangedFiles(
  changed: readonly string[],
  max = MAX_SELECTED_FILES,
): SelectionResult {
  const next = new Set(changed);
  if (next.size > max) return limitRefusal(max);
  return { ok: true, selected: next };
}

/** Case-insensitive substring match on the whole relative path. */
export function searchFiles(allFiles: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  return allFiles.filter((path) => path.toLowerCase().includes(needle));
}

/** Search submission (Enter): adds every match; no match and the limit are refusals. */
export function addSearchMatches(
  allFiles: readonly string[],
  query: string,
  selected: ReadonlySet<string>,
  max = MAX_SELECTED_FILES,
): SelectionResult {
  const matches = searchFiles(allFiles, query);
  if (matches.length === 0) return { ok: false, reason: 'no-match' };
  return addFiles(matches, selected, max);
}

/** After a rescan: selected files that no longer exist are dropped (same set if none). */
export function pruneSelection(
  selected: ReadonlySet<string>,
  existing: ReadonlySet<string>,
): ReadonlySet<string> {
  for (const path of selected) {
    if (!existing.has(path)) return new Set([...selected].filter((p) => existing.has(p)));
  }
  return selected;
}
