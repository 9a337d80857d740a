import { createHash, hash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { hasBinaryExtension, looksBinary } from '../files/binary';
import { IgnoreMatcher, type IgnoreMatcherOptions } from '../ignore/matcher';
import { FILE_SIZE_LIMIT_BYTES } from '../limits';
import { buildProjectIndex } from '../suggest/project-index';
import { indexFile } from '../suggest/index-file';
import { type FileIndexEntry, INDEX_VERSION, type ProjectIndex } from '../suggest/types';
import { buildTreeIndex } from '../tree/tree-index';
import { scanProject } from '../tree/scan';
import { NodeFileProvider } from './file-provider';
import { workerClass } from './worker-threads';

/** An entry as stored: typed arrays as base64 (JSON holds no typed array). */
export interface StoredEntry {
  terms: string;
  counts: string;
  length: number;
  defs: string[];
  refs: string;
  imports: string[];
  tagged: boolean;
  /** Command-line flags it defines (flags.ts). */
  flags?: string[];
  /** A go.mod's module path. */
  goModule?: string;
  /** A file of more than one passage: its passages' lengths, term runs, ids and counts. */
  passages?: [string, string, string, string];
}

interface CacheFile {
  version: number;
  /** Content hash → entry (without the path, which the key does not hold). */
  entries: Record<string, StoredEntry>;
}

const base64 = (array: Uint32Array | Uint16Array | Uint8Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
const words32 = (text: string) => {
  const bytes = Buffer.from(text, 'base64');
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};
const words16 = (text: string) => {
  const bytes = Buffer.from(text, 'base64');
  return new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};
const bytes8 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'));

function store(entry: FileIndexEntry): StoredEntry {
  return {
    terms: base64(entry.terms),
    counts: base64(entry.counts),
    length: entry.length,
    defs: entry.defs,
    refs: base64(entry.refs),
    imports: entry.imports,
    tagged: entry.tagged,
    ...(entry.flags ? { flags: entry.flags } : {}),
    ...(entry.goModule ? { goModule: entry.goModule } : {}),
    ...(entry.passages
      ? {
          passages: [
            base64(entry.passages.lengths),
            base64(entry.passages.starts),
            base64(entry.passages.ids),
            base64(entry.passages.counts),
          ],
        }
      : {}),
  };
}

function restore(path: string, stored: StoredEntry): FileIndexEntry {
  return {
    v: INDEX_VERSION,
    path,
    terms: words32(stored.terms),
    counts: words16(stored.counts),
    length: stored.length,
    defs: stored.defs,
    refs: words32(stored.refs),
    imports: stored.imports,
    tagged: stored.tagged,
    ...(stored.flags ? { flags: stored.flags } : {}),
    ...(stored.goModule ? { goModule: stored.goModule } : {}),
    ...(stored.passages
      ? {
          passages: {
            lengths: words32(stored.passages[0]),
            starts: words32(stored.passages[1]),
            ids: words16(stored.passages[2]),
            counts: bytes8(stored.passages[3]),
          },
        }
      : {}),
  };
}

export interface SuggestIndexOptions extends IgnoreMatcherOptions {
  /** The user's cache folder (the CLI's env.ts); none: nothing is kept. */
  cacheDir?: string;
  /**
   * Worker threads that may index beside this one (each takes files from the same list, so a
   * slow file holds no other back); none by default. Fewer start when few files need indexing.
   */
  workers?: number;
}

export interface LoadedIndex {
  index: ProjectIndex;
  /** Files indexed anew this time (the rest came from the cache). */
  indexed: number;
}

/**
 * Files to index for a worker to pay for its start (about 40 ms of CPU, its own identifier
 * table filled again): some 100 files' indexing each.
 */
const FILES_PER_WORKER = 400;

/** The cache file of a folder: one per project folder, beside the token counts' (piece-cache.ts). */
function cacheFile(cacheDir: string, projectDir: string): string {
  const name = createHash('sha1').update(`${projectDir}\0suggest`).digest('hex').slice(0, 24);
  return join(cacheDir, 'suggest', `${name}.json`);
}

/** What a thread was given: the folder's readable files, and the next one to take. */
export interface IndexShare {
  root: string;
  paths: readonly string[];
  /** [0]: the next path's place, taken by any thread with Atomics.add. */
  next: Int32Array;
  /** Content hashes the cache holds (those files are only read and hashed). */
  known: ReadonlySet<string>;
  /** Entries are stored for the cache too. */
  keep: boolean;
}

/** One file a thread took: its place, its content hash and, unless cached, its entry. */
export interface IndexedFile {
  at: number;
  key: string;
  entry?: FileIndexEntry;
  stored?: StoredEntry;
}

/**
 * Takes the share's files one by one until none is left, on whichever thread calls it: each
 * is read, hashed, and indexed when its hash is not known. A file that cannot be read, or
 * reads as binary, is left out (no entry, no place in the answer).
 */
export async function indexShare(share: IndexShare, only?: readonly number[]) {
  const provider = new NodeFileProvider(share.root);
  const decoder = new TextDecoder();
  const done: IndexedFile[] = [];
  const one = async (at: number) => {
    const path = share.paths[at]!;
    const bytes = await provider.readFile(path).catch(() => null);
    if (!bytes || looksBinary(bytes)) return;
    const key = hash('sha1', bytes, 'base64');
    if (share.known.has(key)) {
      done.push({ at, key });
      return;
    }
    const entry = indexFile({ path, text: decoder.decode(bytes) });
    done.push({ at, key, entry, ...(share.keep ? { stored: store(entry) } : {}) });
  };
  if (only) {
    for (const at of only) await one(at);
    return done;
  }
  for (;;) {
    const at = Atomics.add(share.next, 0, 1);
    if (at >= share.paths.length) return done;
    await one(at);
  }
}

/**
 * A worker thread's share of the files (suggest-index-worker.ts); null when the thread could
 * not start or failed, whose files this thread then indexes.
 */
function workerShare(share: IndexShare): Promise<IndexedFile[] | null> {
  return new Promise((resolve) => {
    // The bundled worker beside the CLI's chunks, or the TypeScript through tsx (tests).
    const url = new URL(
      import.meta.url.endsWith('.ts')
        ? './suggest-index-worker-from-sources.mjs'
        : './suggest-index-worker.js',
      import.meta.url,
    );
    let worker: ReturnType<typeof workerClass>['prototype'];
    try {
      const Thread = workerClass();
      worker = new Thread(url, {
        workerData: { ...share, known: [...share.known] },
        execArgv: [],
      });
    } catch {
      resolve(null);
      return;
    }
    worker.once('message', (done: IndexedFile[]) => resolve(done));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
}

/**
 * The suggest index of a folder, listed with the pack's rules (core list, .gitignore files,
 * size cap, binary files left out). Each file is read, and indexed only when its content hash
 * is not in the folder's cache (the cache keeps entries by content, never the contents). The
 * cache is written back with this run's entries only, so removed files leave it. With
 * `workers`, threads beside this one take files from the same list while it does.
 */
export async function loadSuggestIndex(
  dir: string,
  options: SuggestIndexOptions = {},
): Promise<LoadedIndex> {
  const root = resolve(dir);
  const provider = new NodeFileProvider(root);
  const scan = await scanProject(provider, basename(root), {
    matcher: IgnoreMatcher.create(options),
  });
  const tree = buildTreeIndex(scan.root);
  const file = options.cacheDir ? cacheFile(options.cacheDir, root) : null;
  let cached: CacheFile['entries'] = {};
  if (file) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
      if (saved.version === INDEX_VERSION) cached = saved.entries;
    } catch {
      // No cache yet, or one this version cannot read: every file is indexed.
    }
  }
  const paths = tree.filePaths.filter(
    (path) =>
      (tree.stats.get(path)?.size ?? 0) <= FILE_SIZE_LIMIT_BYTES && !hasBinaryExtension(path),
  );
  const known = new Set(Object.keys(cached));
  const share: IndexShare = {
    root,
    paths,
    next: new Int32Array(new SharedArrayBuffer(4)),
    known,
    keep: file !== null,
  };
  const fresh = Math.max(0, paths.length - known.size);
  const workers = Math.min(options.workers ?? 0, Math.floor(fresh / FILES_PER_WORKER));
  const helpers = Array.from({ length: workers }, () => workerShare(share));
  const shares = [await indexShare(share), ...(await Promise.all(helpers))];
  // A worker that failed leaves its files to this thread: those no share answered.
  const answered = new Uint8Array(paths.length);
  const done: IndexedFile[] = [];
  for (const part of shares) {
    if (!part) continue;
    for (const one of part) answered[one.at] = 1;
    done.push(...part);
  }
  if (shares.includes(null)) {
    const left = [...answered.keys()].filter((at) => !answered[at]);
    done.push(...(await indexShare(share, left)));
  }
  const kept: CacheFile['entries'] = {};
  const entries: FileIndexEntry[] = [];
  let indexed = 0;
  for (const { at, key, entry, stored } of done) {
    const path = paths[at]!;
    if (!entry) {
      entries.push(restore(path, cached[key]!));
      kept[key] = cached[key]!;
      continue;
    }
    indexed++;
    entries.push(entry);
    if (file) kept[key] = stored ?? store(entry);
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  if (file && indexed > 0) {
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(temporary, JSON.stringify({ version: INDEX_VERSION, entries: kept }));
      renameSync(temporary, file);
    } catch {
      // A cache folder that cannot be written (a file, read-only) costs the next run its
      // reads, never this ranking; a temporary file written before the failure goes.
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Nothing was written there.
      }
    }
  }
  return { index: buildProjectIndex(entries), indexed };
}
