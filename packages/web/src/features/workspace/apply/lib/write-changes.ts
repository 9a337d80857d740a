import { diskChanges, writeUnits, type FileStat, type PlannedFile } from '@promptloom/core';
import type { AppliedFile, ApplyRecord } from './apply-records';
import {
  encodeText,
  PathClashError,
  readHandleBytes,
  removeHandleFile,
  sameBytes,
  writeHandleBytes,
} from './folder-io';

/**
 * Why a file the answer touches was not written: `conflict`, changed on disk since the review;
 * `error`, the write failed (the message is logged; earlier files stay written and undoable);
 * `failed`, its blocks did not apply; `unchanged`, the answer is already in it; `stale`, a
 * whole-file rewrite of a file changed since the prompt, left unchecked; `unchecked`, the
 * user did not check it.
 */
export type NotWrittenReason =
  'conflict' | 'error' | 'failed' | 'unchanged' | 'stale' | 'unchecked';

export interface WriteOutcome {
  written: string[];
  notWritten: { path: string; reason: NotWrittenReason }[];
  record: ApplyRecord | null;
}

/** The bytes at `path` now; a file or folder in the way since the review counts as changed. */
const readNow = (
  root: FileSystemDirectoryHandle,
  path: string,
): Promise<{ bytes: Uint8Array | null; clash: boolean }> =>
  readHandleBytes(root, path).then(
    (bytes) => ({ bytes, clash: false }),
    (error: unknown) => {
      if (error instanceof PathClashError) return { bytes: null, clash: true };
      throw error;
    },
  );

/**
 * Writes the checked files through the folder handle. Each file is read again just before:
 * one that is not as the review read it is left alone and reported. The bytes each write
 * replaced are returned in a record, so that the apply can be undone.
 */
export async function writeChanges(
  root: FileSystemDirectoryHandle,
  projectName: string,
  files: readonly PlannedFile[],
  reviewed: ReadonlyMap<string, Uint8Array | null>,
  statOf: (path: string) => FileStat | undefined = () => undefined,
  now = Date.now(),
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { written: [], notWritten: [], record: null };
  const applied: AppliedFile[] = [];
  // Files that move into paths the answer frees are one unit: all its paths are checked,
  // then its removals and writes run in the order `diskChanges` gives.
  for (const unit of writeUnits(files)) {
    const ops = diskChanges(unit).map((change) => ({
      path: change.path,
      after: change.after === null ? null : encodeText(change.after),
    }));
    const paths = unit.map((file) => file.path);
    const found = await Promise.all(ops.map((op) => readNow(root, op.path)));
    const current = found.map((read) => read.bytes);
    if (
      found.some((read) => read.clash) ||
      ops.some((op, i) => !sameBytes(current[i] ?? null, reviewed.get(op.path) ?? null))
    ) {
      for (const path of paths) outcome.notWritten.push({ path, reason: 'conflict' });
      continue;
    }
    try {
      for (const [i, op] of ops.entries()) {
        if (op.after === null) await removeHandleFile(root, op.path);
        else await writeHandleBytes(root, op.path, op.after);
        const before = current[i] ?? null;
        const beforeStat = before === null ? undefined : statOf(op.path);
        applied.push({ path: op.path, before, after: op.after, ...(beforeStat && { beforeStat }) });
      }
      outcome.written.push(...paths);
    } catch (error) {
      console.error(`Writing ${paths.join(', ')} failed`, error);
      for (const path of paths) outcome.notWritten.push({ path, reason: 'error' });
    }
  }
  if (applied.length > 0) {
    outcome.record = { id: crypto.randomUUID(), projectName, at: now, files: applied };
  }
  return outcome;
}

export interface UndoOutcome {
  restored: string[];
  /** Changed since the apply: left as they are. */
  leftAlone: string[];
}

/**
 * Puts back the bytes an apply replaced (a created file is removed), file by file, but only
 * where the file is still as the apply wrote it: a file changed since is left alone.
 */
export async function undoChanges(
  root: FileSystemDirectoryHandle,
  record: ApplyRecord,
): Promise<UndoOutcome> {
  const outcome: UndoOutcome = { restored: [], leftAlone: [] };
  // In reverse: a rename's new path goes before its old path comes back.
  for (const file of [...record.files].reverse()) {
    const found = await readNow(root, file.path);
    if (found.clash || !sameBytes(found.bytes, file.after)) {
      outcome.leftAlone.push(file.path);
      continue;
    }
    if (file.before === null) await removeHandleFile(root, file.path);
    else await writeHandleBytes(root, file.path, file.before);
    outcome.restored.push(file.path);
  }
  return outcome;
}
