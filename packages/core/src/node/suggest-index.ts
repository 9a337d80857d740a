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
import type { ListedFolder } from './pack';

/** An entry as stored: typed arrays as base64 (JSON holds no typed array). */
interface StoredEntry {
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
}

export interface LoadedIndex {
  index: ProjectIndex;
  /** Files indexed anew this time (the rest came from the cache). */
  indexed: number;
  /** The folder as it was listed, for a pack of the same files (ProjectPacker.scanFiles). */
  listed: ListedFolder;
}

/** The cache file of a folder: one per project folder, beside the token counts' (piece-cache.ts). */
function cacheFile(cacheDir: string, projectDir: string): string {
  const name = createHash('sha1').update(`${projectDir}\0suggest`).digest('hex').slice(0, 24);
  return join(cacheDir, 'suggest', `${name}.json`);
}

/**
 * The suggest index of a folder, listed with the pack's rules (core list, .gitignore files,
 * size cap, binary files left out). Each file is read, and indexed only when its content hash
 * is not in the folder's cache (the cache keeps entries by content, never the contents). The
 * cache is written back with this run's entries only, so removed files leave it.
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
  const kept: CacheFile['entries'] = {};
  const entries: FileIndexEntry[] = [];
  let indexed = 0;
  const decoder = new TextDecoder();
  const indexOne = (path: string, bytes: Uint8Array) => {
    if (looksBinary(bytes)) return;
    const key = hash('sha1', bytes, 'base64');
    const stored = cached[key];
    if (stored) {
      entries.push(restore(path, stored));
      kept[key] = stored;
      return;
    }
    const entry = indexFile({ path, text: decoder.decode(bytes) });
    indexed++;
    entries.push(entry);
    kept[key] = store(entry);
  };
  for (const path of tree.filePaths) {
    const size = tree.stats.get(path)?.size ?? 0;
    if (size > FILE_SIZE_LIMIT_BYTES || hasBinaryExtension(path)) continue;
    let bytes: Uint8Array;
    try {
      // Into one buffer reused from file to file (a buffer per file is garbage to collect),
      // valid until the next read; a file grown past the cap since it was listed is read
      // whole, as it was before.
      bytes = provider.readWith(path, FILE_SIZE_LIMIT_BYTES + 1, (read) => read, size);
      if (bytes.length > FILE_SIZE_LIMIT_BYTES) bytes = await provider.readFile(path);
    } catch {
      // Gone or unreadable since it was listed: left out.
      continue;
    }
    indexOne(path, bytes);
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
  return { index: buildProjectIndex(entries), indexed, listed: { root: scan.root, index: tree } };
}
