import { constants, type Stats } from 'node:fs';
import {
  lstat,
  mkdir,
  open,
  readlink,
  rename,
  rmdir,
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pathRefusal, type ApplyFailure } from '@promptloom/core';

// Where the platform has them (not Windows): never follow a link in the last component, and
// never wait on a FIFO someone put in a file's place. Decision 091.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** What is on disk at a project path, every component looked at with lstat (no link followed). */
export type OnDisk =
  | { kind: 'file'; stats: Stats }
  | { kind: 'folder' }
  /** `missing`: the folders that do not exist yet on the way (outermost first), then the path. */
  | { kind: 'missing'; missing: string[] }
  | { kind: 'refused'; reason: ApplyFailure };

/** A write or a removal that the check just before it refused (the disk changed since the plan). */
export class RefusedOnDisk extends Error {
  constructor(readonly reason: ApplyFailure) {
    super(reason.message);
  }
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Looks at each existing component of `path` (relative, in core's normal form) under `root`
 * (a real path): a symbolic link anywhere, a file where a folder is needed, or something that
 * is neither a file nor a folder at the end is refused.
 */
export async function inspect(root: string, path: string): Promise<OnDisk> {
  const segments = path.split('/');
  for (let depth = 1; depth <= segments.length; depth++) {
    const prefix = segments.slice(0, depth).join('/');
    const stats = await lstat(join(root, prefix)).catch((error: unknown) => {
      if (errno(error) === 'ENOENT') return null;
      throw error;
    });
    if (stats === null) {
      const missing = [];
      for (let at = depth; at <= segments.length; at++)
        missing.push(segments.slice(0, at).join('/'));
      return { kind: 'missing', missing };
    }
    if (stats.isSymbolicLink()) return { kind: 'refused', reason: pathRefusal.link(path, prefix) };
    if (depth === segments.length) {
      if (stats.isDirectory()) return { kind: 'folder' };
      if (stats.isFile()) return { kind: 'file', stats };
      return { kind: 'refused', reason: pathRefusal.notAFile(path) };
    }
    if (!stats.isDirectory()) return { kind: 'refused', reason: pathRefusal.clash(path, prefix) };
  }
  return { kind: 'folder' };
}

/** `inspect` for a path that must be a file or absent: a folder there is a clash. */
export async function inspectFile(root: string, path: string): Promise<OnDisk> {
  const found = await inspect(root, path);
  return found.kind === 'folder'
    ? { kind: 'refused', reason: pathRefusal.clash(path, path) }
    : found;
}

/**
 * Where the system tells which file an open descriptor is (Linux), whether it is the one at
 * `absolute`: a folder on the way swapped for a link after the check would show here.
 */
async function openedWhereExpected(handle: FileHandle, absolute: string): Promise<boolean> {
  if (process.platform !== 'linux') return true;
  const actual = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
  return actual === null || actual === absolute;
}

/** The bytes of a project file, or null when it does not exist; refused as `inspect` says. */
export async function readSafely(root: string, path: string): Promise<Uint8Array | null> {
  const found = await inspectFile(root, path);
  if (found.kind === 'refused') throw new RefusedOnDisk(found.reason);
  if (found.kind !== 'file') return null;
  const absolute = join(root, path);
  const handle = await open(absolute, constants.O_RDONLY | NOFOLLOW | NONBLOCK).catch(
    (error: unknown) => {
      if (errno(error) === 'ENOENT') return null;
      if (errno(error) === 'ELOOP') throw new RefusedOnDisk(pathRefusal.link(path, path));
      throw error;
    },
  );
  if (handle === null) return null;
  try {
    if (!(await handle.stat()).isFile()) throw new RefusedOnDisk(pathRefusal.notAFile(path));
    if (!(await openedWhereExpected(handle, absolute)))
      throw new RefusedOnDisk(pathRefusal.link(path, path));
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Creates the missing folders one by one, the whole path checked again after each. */
async function makeFolders(root: string, path: string, folders: string[]): Promise<void> {
  for (const folder of folders) {
    await mkdir(join(root, folder)).catch((error: unknown) => {
      if (errno(error) !== 'EEXIST') throw error;
    });
    const found = await inspectFile(root, path);
    if (found.kind === 'refused') throw new RefusedOnDisk(found.reason);
  }
}

/** Why opening failed, when the check just before did not see it coming. */
async function openRefusal(root: string, path: string, error: unknown): Promise<never> {
  if (errno(error) === 'ELOOP') throw new RefusedOnDisk(pathRefusal.link(path, path));
  if (errno(error) === 'EEXIST') {
    const found = await inspectFile(root, path);
    if (found.kind === 'refused') throw new RefusedOnDisk(found.reason);
  }
  throw error;
}

/**
 * Writes `bytes` at a project path, checked again just before: no link on the way or at the
 * end (O_NOFOLLOW), no file where a folder is needed; a new file is created only if nothing
 * is there (O_EXCL); an existing one is truncated only once the opened file is known to be
 * the regular file the check saw.
 */
export async function writeSafely(root: string, path: string, bytes: Uint8Array): Promise<void> {
  let found = await inspectFile(root, path);
  if (found.kind === 'missing') {
    await makeFolders(root, path, found.missing.slice(0, -1));
    found = await inspectFile(root, path);
  }
  if (found.kind === 'refused') throw new RefusedOnDisk(found.reason);
  const absolute = join(root, path);
  const exists = found.kind === 'file';
  const flags = exists
    ? constants.O_WRONLY | NOFOLLOW | NONBLOCK
    : constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;
  const handle = await open(absolute, flags, 0o666).catch((error: unknown) =>
    openRefusal(root, path, error),
  );
  try {
    const stats = await handle.stat();
    // Another file than the one checked (moved in between), or opened elsewhere than checked
    // (a folder on the way became a link): refused, with what a new look finds there.
    const same =
      !exists ||
      (found.kind === 'file' && stats.ino === found.stats.ino && stats.dev === found.stats.dev);
    const where = await openedWhereExpected(handle, absolute);
    if (!stats.isFile() || !same || !where) {
      // A file this call created somewhere else is removed.
      if (!exists && !where)
        await unlink(await readlink(`/proc/self/fd/${handle.fd}`)).catch(() => {});
      const again = await inspectFile(root, path);
      throw new RefusedOnDisk(again.kind === 'refused' ? again.reason : pathRefusal.notAFile(path));
    }
    await handle.truncate(0);
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

/** Removes a project file, checked again just before (a link on the way is refused). */
export async function removeSafely(root: string, path: string): Promise<void> {
  const found = await inspectFile(root, path);
  if (found.kind === 'refused') throw new RefusedOnDisk(found.reason);
  if (found.kind !== 'file') return;
  await unlink(join(root, path)).catch((error: unknown) => {
    if (errno(error) !== 'ENOENT') throw error;
  });
}

/** Removes a project folder if it is empty and still a real folder (never through a link). */
export async function removeEmptyFolder(root: string, folder: string): Promise<void> {
  if ((await inspect(root, folder)).kind !== 'folder') return;
  await rmdir(join(root, folder)).catch(() => undefined);
}

/** Whether two spellings of a path differ only in letter case. */
export const caseOnly = (a: string, b: string) => a !== b && a.toLowerCase() === b.toLowerCase();

/**
 * Whether `to` is the file `from` under another case of its name, as a case-insensitive disk
 * (macOS, Windows) answers for both spellings: the same device and inode from lstat, and names
 * that differ only in case. Where the disk tells case apart, `to` is missing or another file.
 */
export async function sameFileOtherCase(root: string, from: string, to: string): Promise<boolean> {
  return caseOnly(from, to) && (await sameInode(root, from, to));
}

/** Whether two project paths are regular files with the same device and inode (lstat). */
async function sameInode(root: string, a: string, b: string): Promise<boolean> {
  const one = await lstat(join(root, a)).catch(() => null);
  const two = await lstat(join(root, b)).catch(() => null);
  return (
    one !== null &&
    two !== null &&
    one.isFile() &&
    two.isFile() &&
    one.dev === two.dev &&
    one.ino === two.ino
  );
}

/**
 * Renames `from` to `to`, two spellings of one path that differ only in case, through a
 * temporary name in the same folder (`from` → tmp → `to`): a case-insensitive disk keeps the
 * old spelling on a direct rename. Checked again just before, as every write is: no link on
 * the way, `from` a regular file, `to` missing or that same file, the temporary name free.
 */
export async function renameCaseSafely(root: string, from: string, to: string): Promise<void> {
  const source = await inspectFile(root, from);
  if (source.kind === 'refused') throw new RefusedOnDisk(source.reason);
  if (source.kind !== 'file') throw new RefusedOnDisk(pathRefusal.notAFile(from));
  const target = await inspectFile(root, to);
  if (target.kind === 'refused') throw new RefusedOnDisk(target.reason);
  if (target.kind === 'file' && !(await sameFileOtherCase(root, from, to)))
    throw new RefusedOnDisk(pathRefusal.notAFile(to));
  const tmp = join(dirname(from), `.${basename(from)}.promptloom-case-${process.pid}`);
  if ((await inspectFile(root, tmp)).kind !== 'missing')
    throw new RefusedOnDisk(pathRefusal.notAFile(from));
  await rename(join(root, from), join(root, tmp));
  // Still there under the new name: a disk that tells case apart and holds both names as links
  // to this one file. Renaming onto a link of the same file does nothing, so the old name goes.
  if (await sameInode(root, tmp, to)) {
    await unlink(join(root, tmp));
    return;
  }
  await rename(join(root, tmp), join(root, to)).catch(async (error: unknown) => {
    await rename(join(root, tmp), join(root, from));
    throw error;
  });
}
