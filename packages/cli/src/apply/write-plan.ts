import {
  diskChanges,
  writeUnits,
  type ApplyFailure,
  type ApplyPlan,
  type DiskChange,
  type PlannedFile,
} from '@promptloom/core';
import {
  inspectFile,
  readSafely,
  RefusedOnDisk,
  removeEmptyFolder,
  removeSafely,
  renameCaseSafely,
  writeSafely,
} from './safe-fs';
import { sha256, type UndoFile, type UndoStore } from './undo-store';

const encoder = new TextEncoder();

/**
 * Files of the plan that change something on disk. A file written with its own text again
 * still counts when a rename moves that path away (its text must be there afterwards).
 */
export function changedFiles(plan: ApplyPlan): PlannedFile[] {
  const movedAway = new Set(plan.files.map((file) => file.oldPath));
  return plan.files.filter(
    (file) =>
      file.status !== 'failed' &&
      file.status !== 'unchanged' &&
      !(file.status === 'modified' && file.before === file.after && !movedAway.has(file.path)),
  );
}

export interface WriteOutcome {
  written: PlannedFile[];
  /** Refused by the check just before its write (the disk changed since the plan). */
  refused: Map<string, ApplyFailure>;
}

/**
 * Writes the files that apply cleanly (failed files are never touched). The previous bytes
 * are saved for undo first, so that an interrupted write can still be undone. Files that
 * move into paths the answer frees are written as one unit: its removals first, then its
 * writes (`diskChanges`), so a chain or a swap of renames reads no half-written path. Every
 * write and removal is checked again just before it (no link, no file where a folder is
 * needed): a unit refused then is not written, and reported.
 */
export async function writePlan(
  root: string,
  plan: ApplyPlan,
  store: UndoStore,
  caseRenames: ReadonlyMap<string, string> = new Map(),
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { written: [], refused: new Map() };
  const files: UndoFile[] = [];
  const createdDirs = new Set<string>();
  const ready: { unit: PlannedFile[]; changes: DiskChange[] }[] = [];
  for (const unit of withCaseRenames(writeUnits(changedFiles(plan)), caseRenames)) {
    const changes = diskChanges(unit);
    const caseOf = caseRenamesIn(changes, caseRenames);
    try {
      const entries: UndoFile[] = [];
      for (const change of changes) {
        const from = caseOf.get(change.path);
        // The new spelling of a case-only rename is the old file on a case-insensitive disk:
        // nothing of its own is there before the apply.
        const bytes = from === undefined ? await readSafely(root, change.path) : null;
        const found = await inspectFile(root, change.path);
        if (found.kind === 'refused') throw new RefusedOnDisk(found.reason);
        if (change.after !== null && found.kind === 'missing')
          for (const folder of found.missing.slice(0, -1)) createdDirs.add(folder);
        entries.push({
          path: change.path,
          before: bytes === null ? null : Buffer.from(bytes).toString('base64'),
          after: change.after === null ? null : sha256(encoder.encode(change.after)),
          ...(from === undefined ? {} : { caseOf: from }),
        });
      }
      files.push(...entries);
      ready.push({ unit, changes });
    } catch (error) {
      if (!(error instanceof RefusedOnDisk)) throw error;
      for (const file of unit) outcome.refused.set(file.path, error.reason);
    }
  }
  if (ready.length === 0) return outcome;
  await store.save({ files, createdDirs: [...createdDirs] });
  for (const { unit, changes } of ready) {
    const caseOf = caseRenamesIn(changes, caseRenames);
    const renamedAway = new Set(caseOf.values());
    try {
      // The old spelling goes to the new one by a rename (no removal, which on a
      // case-insensitive disk would remove the new one too), then the new text is written.
      for (const [to, from] of caseOf) await renameCaseSafely(root, from, to);
      for (const change of changes) {
        if (renamedAway.has(change.path)) continue;
        if (change.after === null) await removeSafely(root, change.path);
        else await writeSafely(root, change.path, encoder.encode(change.after));
      }
      outcome.written.push(...unit);
    } catch (error) {
      if (!(error instanceof RefusedOnDisk)) throw error;
      for (const file of unit) outcome.refused.set(file.path, error.reason);
    }
  }
  return outcome;
}

/**
 * Units joined so that the old and the new spelling of a case-only rename are written
 * together (a deletion and a creation are separate units otherwise).
 */
function withCaseRenames(
  units: PlannedFile[][],
  caseRenames: ReadonlyMap<string, string>,
): PlannedFile[][] {
  if (caseRenames.size === 0) return units;
  const joined: PlannedFile[][] = [];
  // Each path under the spelling it had before the apply.
  const byOldSpelling = new Map<string, PlannedFile[]>();
  for (const unit of units) {
    const keys = unit
      .flatMap((file) => [caseRenames.get(file.path) ?? file.path, file.oldPath ?? []])
      .flat();
    let group = keys.map((key) => byOldSpelling.get(key)).find((found) => found !== undefined);
    if (group) group.push(...unit);
    else joined.push((group = [...unit]));
    for (const key of keys) byOldSpelling.set(key, group);
  }
  return joined;
}

/** The case-only renames among `changes`: new spelling → old, the old one removed, the new written. */
function caseRenamesIn(
  changes: readonly DiskChange[],
  caseRenames: ReadonlyMap<string, string>,
): Map<string, string> {
  const removed = new Set(changes.filter((c) => c.after === null).map((c) => c.path));
  const found = new Map<string, string>();
  for (const change of changes) {
    const from = caseRenames.get(change.path);
    if (change.after !== null && from !== undefined && removed.has(from))
      found.set(change.path, from);
  }
  return found;
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

/**
 * Renames the new spelling of a case-only rename back to the old one (through a temporary
 * name, as the apply did) and puts its old bytes back, unless the file changed since.
 */
async function undoCaseRename(
  root: string,
  file: UndoFile,
  old: UndoFile,
  dryRun: boolean,
  outcome: UndoOutcome,
): Promise<void> {
  const now = await readSafely(root, file.path);
  if (now === null || sha256(now) !== file.after || old.before === null) {
    outcome.leftAlone.push(file.path);
    return;
  }
  if (!dryRun) {
    await renameCaseSafely(root, file.path, old.path);
    await writeSafely(root, old.path, Buffer.from(old.before, 'base64'));
  }
  outcome.removed.push(file.path);
  outcome.restored.push(old.path);
}

/** Puts back the bytes an apply replaced, unless the file changed since; removes what it created. */
export async function undoLast(
  root: string,
  store: UndoStore,
  dryRun: boolean,
): Promise<UndoOutcome | null> {
  const latest = await store.latest();
  if (!latest) return null;
  const outcome: UndoOutcome = { restored: [], removed: [], leftAlone: [], refused: [] };
  const byPath = new Map(latest.record.files.map((file) => [file.path, file]));
  const renamedAway = new Set(latest.record.files.flatMap((file) => file.caseOf ?? []));
  for (const file of latest.record.files) {
    // The old spelling of a case-only rename is put back with its new one, below.
    if (renamedAway.has(file.path)) continue;
    try {
      const old = file.caseOf === undefined ? undefined : byPath.get(file.caseOf);
      if (file.caseOf !== undefined && old !== undefined) {
        await undoCaseRename(root, file, old, dryRun, outcome);
        continue;
      }
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
  // A path refused for a link keeps the record: once the link is gone, the undo can run again
  // (what it put back already is skipped then), and the bytes are not lost meanwhile.
  if (outcome.refused.length === 0) await latest.drop();
  return outcome;
}
