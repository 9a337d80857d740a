import type { ApplyFailure, ApplyPlan, PlannedFile } from '@promptloom/core';
import {
  inspectFile,
  readSafely,
  RefusedOnDisk,
  removeEmptyFolder,
  removeSafely,
  writeSafely,
} from './safe-fs';
import { sha256, type UndoFile, type UndoStore } from './undo-store';

const encoder = new TextEncoder();

/** Files of the plan that change something on disk. */
export const changedFiles = (plan: ApplyPlan) =>
  plan.files.filter(
    (file) =>
      file.status !== 'failed' &&
      file.status !== 'unchanged' &&
      !(file.status === 'modified' && file.before === file.after),
  );

async function undoEntries(root: string, file: PlannedFile): Promise<UndoFile[]> {
  const entry = async (path: string, after: string | null): Promise<UndoFile> => {
    const bytes = await readSafely(root, path);
    return {
      path,
      before: bytes === null ? null : Buffer.from(bytes).toString('base64'),
      after: after === null ? null : sha256(encoder.encode(after)),
    };
  };
  const entries = [await entry(file.path, file.after)];
  if (file.oldPath) entries.push(await entry(file.oldPath, null));
  return entries;
}

export interface WriteOutcome {
  written: PlannedFile[];
  /** Refused by the check just before its write (the disk changed since the plan). */
  refused: Map<string, ApplyFailure>;
}

/**
 * Writes the files that apply cleanly (failed files are never touched). The previous bytes
 * are saved for undo first, so that an interrupted write can still be undone. Every write
 * and removal is checked again just before it (no link, no file where a folder is needed):
 * a file refused then is not written, and reported.
 */
export async function writePlan(
  root: string,
  plan: ApplyPlan,
  store: UndoStore,
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { written: [], refused: new Map() };
  const changed = changedFiles(plan);
  if (changed.length === 0) return outcome;
  const files: UndoFile[] = [];
  const createdDirs = new Set<string>();
  const ready: PlannedFile[] = [];
  for (const file of changed) {
    try {
      const entries = await undoEntries(root, file);
      const found = await inspectFile(root, file.path);
      if (found.kind === 'refused') throw new RefusedOnDisk(found.reason);
      if (file.after !== null && found.kind === 'missing')
        for (const folder of found.missing.slice(0, -1)) createdDirs.add(folder);
      files.push(...entries);
      ready.push(file);
    } catch (error) {
      if (!(error instanceof RefusedOnDisk)) throw error;
      outcome.refused.set(file.path, error.reason);
    }
  }
  if (ready.length === 0) return outcome;
  await store.save({ files, createdDirs: [...createdDirs] });
  for (const file of ready) {
    try {
      if (file.after === null) await removeSafely(root, file.path);
      else await writeSafely(root, file.path, encoder.encode(file.after));
      if (file.oldPath) await removeSafely(root, file.oldPath);
      outcome.written.push(file);
    } catch (error) {
      if (!(error instanceof RefusedOnDisk)) throw error;
      outcome.refused.set(file.path, error.reason);
    }
  }
  return outcome;
}

export interface UndoOutcome {
  restored: string[];
  removed: string[];
  /** Changed since the apply: left as they are. */
  leftAlone: string[];
  /** A link or a file-versus-folder clash on the way now: never written through. */
  refused: { path: string; reason: string }[];
}

const sameBytes = (now: Uint8Array | null, base64: string | null) =>
  now === null || base64 === null
    ? now === base64
    : Buffer.from(now).equals(Buffer.from(base64, 'base64'));

/** Puts back the bytes an apply replaced, unless the file changed since; removes what it created. */
export async function undoLast(
  root: string,
  store: UndoStore,
  dryRun: boolean,
): Promise<UndoOutcome | null> {
  const latest = await store.latest();
  if (!latest) return null;
  const outcome: UndoOutcome = { restored: [], removed: [], leftAlone: [], refused: [] };
  for (const file of latest.record.files) {
    try {
      const now = await readSafely(root, file.path);
      // Already as before the apply (a file it could not write): nothing to put back.
      if (sameBytes(now, file.before)) continue;
      const untouched =
        file.after === null ? now === null : now !== null && sha256(now) === file.after;
      if (!untouched) {
        outcome.leftAlone.push(file.path);
        continue;
      }
      if (file.before === null) {
        if (!dryRun) await removeSafely(root, file.path);
        outcome.removed.push(file.path);
      } else {
        if (!dryRun) await writeSafely(root, file.path, Buffer.from(file.before, 'base64'));
        outcome.restored.push(file.path);
      }
    } catch (error) {
      if (!(error instanceof RefusedOnDisk)) throw error;
      outcome.refused.push({ path: file.path, reason: error.reason.message });
    }
  }
  if (dryRun) return outcome;
  // Deepest first; a folder that holds anything else stays.
  const depth = (folder: string) => folder.split('/').length;
  const folders = [...latest.record.createdDirs].sort((a, b) => depth(b) - depth(a));
  for (const folder of folders) await removeEmptyFolder(root, folder);
  await latest.drop();
  return outcome;
}
