import type { FileInclusionMode } from '../prompt/segments';

/** A file's token cost in each mode; `outline` is absent when its language has no outline. */
export interface ModeTokens {
  full: number;
  outline?: number;
  path: number;
}

/** The cost of a mode, falling back to full content when there is no outline. */
export function tokensIn(tokens: ModeTokens, mode: FileInclusionMode): number {
  return mode === 'outline' ? (tokens.outline ?? tokens.full) : tokens[mode];
}

/**
 * A file's mode: its own choice, else the nearest folder's default, else full. Folder keys
 * are paths without a trailing slash ('' is the project root).
 */
export function effectiveMode(
  path: string,
  fileModes: ReadonlyMap<string, FileInclusionMode>,
  folderModes: ReadonlyMap<string, FileInclusionMode>,
): FileInclusionMode {
  const own = fileModes.get(path);
  if (own) return own;
  for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
    const folder = folderModes.get(path.slice(0, cut));
    if (folder) return folder;
  }
  return folderModes.get('') ?? 'full';
}

/**
 * The mode a folder's row shows: the effective mode its files share, or `mixed` when they
 * differ, so a folder whose only file Fit outlined reads OUTLINE, not the folder's default.
 * `files` are the folder's selected files; with none, the folder's own or inherited mode.
 */
export function folderRowMode(
  folder: string,
  files: readonly string[],
  fileModes: ReadonlyMap<string, FileInclusionMode>,
  folderModes: ReadonlyMap<string, FileInclusionMode>,
): FileInclusionMode | 'mixed' {
  if (files.length === 0) {
    return folderModes.get(folder) ?? effectiveMode(`${folder}/ `, new Map(), folderModes);
  }
  const first = effectiveMode(files[0]!, fileModes, folderModes);
  for (const file of files) {
    if (effectiveMode(file, fileModes, folderModes) !== first) return 'mixed';
  }
  return first;
}
