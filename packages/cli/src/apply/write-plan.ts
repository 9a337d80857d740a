import { mkdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ApplyPlan, PlannedFile } from '@promptloom/core';
import { readBytes } from './project-files';
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

/** The folders `path`'s parent needs created, outermost first (relative to the root). */
async function missingFolders(root: string, path: string): Promise<string[]> {
  const missing: string[] = [];
  for (let folder = dirname(path); folder !== '.' && folder !== ''; folder = dirname(folder)) {
    if (await stat(join(root, folder)).catch(() => null)) break;
    missing.unshift(folder);
  }
  return missing;
}

async function undoEntries(root: string, file: PlannedFile): Promise<UndoFile[]> {
  const entry = async (path: string, after: string | null): Promise<UndoFile> => {
    const bytes = await readBytes(root, path);
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

/**
 * Writes the files that apply cleanly (failed files are never touched). The previous bytes
 * are saved for undo first, so that an interrupted write can still be undone.
 */
export async function writePlan(
  root: string,
  plan: ApplyPlan,
  store: UndoStore,
): Promise<PlannedFile[]> {
  const changed = changedFiles(plan);
  if (changed.length === 0) return [];
  const files: UndoFile[] = [];
  const createdDirs = new Set<string>();
  for (const file of changed) {
    files.push(...(await undoEntries(root, file)));
    if (file.after !== null)
      for (const folder of await missingFolders(root, file.path)) createdDirs.add(folder);
  }
  await store.save({ files, createdDirs: [...createdDirs] });
  for (const file of changed) {
    const target = join(root, file.path);
    if (file.after === null) {
      await rm(target, { force: true });
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, encoder.encode(file.after));
    if (file.oldPath) await rm(join(root, file.oldPath), { force: true });
  }
  return changed;
}

export interface UndoOutcome {
  restored: string[];
  removed: string[];
  /** Changed since the apply: left as they are. */
  leftAlone: string[];
}

/** Puts back the bytes an apply replaced, unless the file changed since; removes what it created. */
export async function undoLast(
  root: string,
  store: UndoStore,
  dryRun: boolean,
): Promise<UndoOutcome | null> {
  const latest = await store.latest();
  if (!latest) return null;
  const outcome: UndoOutcome = { restored: [], removed: [], leftAlone: [] };
  for (const file of latest.record.files) {
    const now = await readBytes(root, file.path);
    const untouched =
      file.after === null ? now === null : now !== null && sha256(now) === file.after;
    if (!untouched) {
      outcome.leftAlone.push(file.path);
      continue;
    }
    const target = join(root, file.path);
    if (file.before === null) {
      outcome.removed.push(file.path);
      if (!dryRun) await rm(target, { force: true });
    } else {
      outcome.restored.push(file.path);
      if (dryRun) continue;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, Buffer.from(file.before, 'base64'));
    }
  }
  if (dryRun) return outcome;
  // Deepest first; a folder that holds anything else stays.
  const depth = (folder: string) => folder.split('/').length;
  const folders = [...latest.record.createdDirs].sort((a, b) => depth(b) - depth(a));
  for (const folder of folders) {
    await rmdir(join(root, folder)).catch(() => undefined);
  }
  await latest.drop();
  return outcome;
}
