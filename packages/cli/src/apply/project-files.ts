import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  looksBinary,
  type ApplyFailure,
  type FileText,
  type FolderSpelling,
  type KnownPath,
} from '@promptloom/core';
import { caseOnly, readSafely, RefusedOnDisk, sameFileOtherCase } from './safe-fs';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads the files an answer touches. A file that is not UTF-8 text (a NUL byte, invalid
 * UTF-8) is passed as binary, so it is never edited; the BOM stays in the text. A path
 * with a symbolic link on the way or at its end, a file where a folder is needed, a folder
 * or anything else that is not a file is refused (`refused`), never read through.
 */
export async function readProjectFiles(
  root: string,
  paths: string[],
): Promise<{ files: Map<string, FileText | null>; refused: Map<string, ApplyFailure> }> {
  const files = new Map<string, FileText | null>();
  const refused = new Map<string, ApplyFailure>();
  for (const path of paths) {
    let bytes: Uint8Array | null;
    try {
      bytes = await readSafely(root, path);
    } catch (error) {
      if (!(error instanceof RefusedOnDisk)) throw error;
      refused.set(path, error.reason);
      continue;
    }
    if (bytes === null) {
      files.set(path, null);
      continue;
    }
    if (looksBinary(bytes)) {
      files.set(path, { text: '', binary: true });
      continue;
    }
    try {
      files.set(path, { text: utf8.decode(bytes) });
    } catch {
      files.set(path, { text: '', binary: true });
    }
  }
  return { files, refused };
}

/** At most this many names are looked up on disk for one answer (a hostile one names many). */
const KNOWN_LOOKUPS = 10_000;

/**
 * Whether a path (in its normal form) is a regular file of the project, for the parser to
 * take a line naming it as a path. Only a name is decided here: reading it later refuses
 * links as every read does.
 */
export function knownPathIn(root: string): KnownPath {
  const seen = new Map<string, boolean>();
  return (path) => {
    const known = seen.get(path);
    if (known !== undefined) return known;
    if (seen.size >= KNOWN_LOOKUPS) return false;
    let isFile = false;
    try {
      isFile = lstatSync(join(root, path)).isFile();
    } catch {
      isFile = false;
    }
    seen.set(path, isFile);
    return isFile;
  };
}

/** Whether `path` exists on disk (a link counts: it is not looked through). */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The project's own spelling of a path the answer names in another Unicode form (`café`
 * composed in the answer, decomposed on disk, as folders from macOS hold it): each missing
 * segment is looked up among its folder's names by its NFC form, and taken when exactly one
 * matches. Only names are looked up; reading them later refuses links as every read does.
 */
export function spellingIn(root: string): FolderSpelling {
  let lookups = 0;
  return (path) => {
    if (lookups >= KNOWN_LOOKUPS || exists(join(root, path))) return undefined;
    lookups += 1;
    let at = '';
    for (const segment of path.split('/')) {
      const next = at === '' ? segment : `${at}/${segment}`;
      if (exists(join(root, next))) {
        at = next;
        continue;
      }
      let names: string[];
      try {
        if (!lstatSync(join(root, at)).isDirectory()) return undefined;
        names = readdirSync(join(root, at));
      } catch {
        return undefined;
      }
      const form = segment.normalize('NFC');
      const matches = names.filter((name) => name.normalize('NFC') === form);
      if (matches.length !== 1) return undefined;
      at = at === '' ? matches[0]! : `${at}/${matches[0]!}`;
    }
    return at === path ? undefined : at;
  };
}

/**
 * Case-only renames the disk sees as one file: a path the answer frees (`src/greet.ts`,
 * renamed or deleted) and a path it writes that differs only in case (`src/Greet.ts`), which
 * a case-insensitive disk resolves to the same file. The new spelling is then not a file in
 * the way: it is planned as missing, and written by renaming the old one (new → old).
 */
export async function caseRenames(
  root: string,
  paths: readonly string[],
  freed: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const renames = new Map<string, string>();
  for (const to of paths) {
    if (freed.has(to)) continue;
    for (const from of freed)
      if (caseOnly(from, to) && (await sameFileOtherCase(root, from, to))) {
        renames.set(to, from);
        break;
      }
  }
  return renames;
}
