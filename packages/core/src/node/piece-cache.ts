import { createHash, hash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PIECE_CACHE_MAX_ENTRIES } from '../limits';
import type { SecretFinding } from '../secrets/scan';

/** What is kept of a counted piece: its tokens and, once scanned, its files' findings. */
export interface PieceCacheEntry {
  count: number;
  /** Absent until the piece's files were scanned for secrets. */
  findings?: SecretFinding[];
}

/** Bumped when what an entry means changes (a new rule set changes findings). */
const FORMAT = 1;

interface CacheFile {
  format: number;
  /** The tokenizer and the secret rules' release: entries of another are not this cache's. */
  scope: string;
  entries: [string, number, SecretFinding[] | null][];
}

/**
 * Token counts and secret findings of prompt pieces, kept on disk between runs: one file per
 * project folder and tokenizer in the user's cache folder, holding counts and findings only
 * (never a file's contents). A piece is keyed by a SHA-1 of its text, which holds the file's
 * path and content as written: an edited file is a new key whatever its size and mtime, so a
 * count read back is always the count of that exact text. Bounded (oldest entries dropped
 * first); a missing, unreadable or foreign file is an empty cache.
 */
export class DiskPieceCache {
  private entries = new Map<string, PieceCacheEntry>();
  private dirty = false;

  private constructor(
    readonly file: string,
    private readonly scope: string,
  ) {}

  /**
   * The cache of `projectDir` for `scope` (tokenizer id and rule release), loaded from `dir`
   * (the user's cache folder: the CLI's env.ts). Synchronous reads and writes: the run waits
   * on them anyway, and node:fs/promises (with the streams it loads) stays out of a warm run.
   */
  static open(projectDir: string, scope: string, dir: string): Promise<DiskPieceCache> {
    const name = createHash('sha1').update(`${projectDir}\0${scope}`).digest('hex').slice(0, 24);
    const cache = new DiskPieceCache(join(dir, 'pieces', `${name}.json`), scope);
    try {
      const saved = JSON.parse(readFileSync(cache.file, 'utf8')) as CacheFile;
      if (saved.format === FORMAT && saved.scope === scope) {
        for (const [key, count, findings] of saved.entries) {
          cache.entries.set(key, findings === null ? { count } : { count, findings });
        }
      }
    } catch {
      // No cache yet, or one this version cannot read: start empty.
    }
    return Promise.resolve(cache);
  }

  get size(): number {
    return this.entries.size;
  }

  /** One-shot `hash`: a Hash object per piece cost as much again (token-worker.js alike). */
  keyOf(text: string): string {
    return hash('sha1', text, 'base64');
  }

  get(key: string): PieceCacheEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: PieceCacheEntry): void {
    if (this.entries.size >= PIECE_CACHE_MAX_ENTRIES && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
    this.dirty = true;
  }

  /**
   * Writes the cache if anything was added: to a temporary file renamed over the old one, so
   * an interrupted run or a concurrent one never leaves half a file; readable by the user only
   * (the findings name where secrets are). A cache folder that cannot be written (a file, a
   * read-only folder) costs the next run its counts, never this pack: nothing is kept, nothing
   * said, as suggest's index does.
   */
  save(): Promise<void> {
    if (!this.dirty) return Promise.resolve();
    const data: CacheFile = {
      format: FORMAT,
      scope: this.scope,
      entries: [...this.entries].map(([key, e]) => [key, e.count, e.findings ?? null]),
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(join(this.file, '..'), { recursive: true, mode: 0o700 });
      writeFileSync(temporary, JSON.stringify(data), { mode: 0o600 });
      renameSync(temporary, this.file);
    } catch {
      // A temporary file written before the failure goes.
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Nothing was written there.
      }
      return Promise.resolve();
    }
    this.dirty = false;
    return Promise.resolve();
  }
}
