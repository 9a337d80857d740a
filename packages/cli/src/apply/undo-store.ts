import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APPLY_UNDO_KEPT } from '@promptloom/core';

/** One file as an apply found it, and what the apply left there. */
export interface UndoFile {
  path: string;
  /** Its bytes before the apply (base64); null: it did not exist. */
  before: string | null;
  /** SHA-256 of the bytes the apply wrote; null: the apply deleted it. */
  after: string | null;
  /** A case-only rename wrote this path from `caseOf` (`Greet.ts` from `greet.ts`). */
  caseOf?: string;
}

export interface UndoRecord {
  project: string;
  at: string;
  files: UndoFile[];
  /** Folders the apply created (deepest last), removed by undo when they are empty again. */
  createdDirs: string[];
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Previous contents of the files an apply wrote, in the user's cache folder (never in the
 * project), one folder per project keyed by its absolute path, the last APPLY_UNDO_KEPT
 * applies in it.
 */
export class UndoStore {
  private readonly folder: string;

  constructor(
    cacheDir: string,
    private readonly project: string,
  ) {
    const key = sha256(new TextEncoder().encode(project)).slice(0, 24);
    this.folder = join(cacheDir, 'applies', key);
  }

  async save(record: Omit<UndoRecord, 'project' | 'at'>): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const now = new Date();
    const name = `${String(now.getTime()).padStart(15, '0')}-${process.pid}.json`;
    const full: UndoRecord = { project: this.project, at: now.toISOString(), ...record };
    await writeFile(join(this.folder, name), JSON.stringify(full), { mode: 0o600 });
    const names = await this.names();
    for (const old of names.slice(0, Math.max(0, names.length - APPLY_UNDO_KEPT))) {
      await rm(join(this.folder, old), { force: true });
    }
  }

  /** The most recent apply of this project, or null. */
  async latest(): Promise<{ record: UndoRecord; drop: () => Promise<void> } | null> {
    for (const name of (await this.names()).reverse()) {
      const file = join(this.folder, name);
      const record = JSON.parse(await readFile(file, 'utf8')) as UndoRecord;
      // The key is a hash: a record of another project (a collision) is not ours to undo.
      if (record.project !== this.project) continue;
      return { record, drop: () => rm(file, { force: true }) };
    }
    return null;
  }

  private async names(): Promise<string[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith('.json')).sort();
  }
}
