import { parentPath } from '../files/provider';

export interface FileFilterState {
  selectionFilter: boolean;
  changesFilter: boolean;
  search: string;
}

/**
 * Which files the tree shows. The selection filter has priority over the changes
 * filter (only one applies), and the search narrows whatever is left.
 */
export function visibleFiles(
  allFiles: readonly string[],
  state: FileFilterState,
  selected: ReadonlySet<string>,
  changed: ReadonlySet<string>,
): string[] {
  let files: readonly string[] = allFiles;
  if (state.selectionFilter) files = files.filter((p) => selected.has(p));
  else if (state.changesFilter) files = files.filter((p) => changed.has(p));
  const needle = state.search.trim().toLowerCase();
  if (needle !== '') files = files.filter((p) => p.toLowerCase().includes(needle));
  return files === allFiles ? [...allFiles] : (files as string[]);
}

/** Every ancestor directory of the given files ('' included): the set to expand or keep. */
export function ancestorDirectories(files: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const path of files) {
    let dir = path;
    do {
      dir = parentPath(dir);
      if (dirs.has(dir)) break;
      dirs.add(dir);
    } while (dir !== '');
  }
  return dirs;
}

/** Toggling one filter turns the other off. */
export function toggleSelectionFilter(state: FileFilterState): FileFilterState {
  return { ...state, selectionFilter: !state.selectionFilter, changesFilter: false };
}

export function toggleChangesFilter(state: FileFilterState): FileFilterState {
  return { ...state, changesFilter: !state.changesFilter, selectionFilter: false };
}
