import { fileRole } from '../fit/roles';
import { hasBinaryExtension } from '../files/binary';
import { FILE_SIZE_LIMIT_BYTES } from '../limits';
import { indexFile } from './index-file';
import type { FileIndexEntry } from './types';

/**
 * Data a project keeps beside its code: tables, vector images, snapshots, source maps, JSON and
 * XML documents. Its words are values, not the names a request uses to find code.
 */
const DATA = /\.(json|json5|jsonc|jsonl|ndjson|geojson|topojson|csv|tsv|xml|snap|svg|map|txt)$/i;
/** A minified or bundled build of code: one line of shortened names. */
const BUNDLE = /\.(min\.(js|mjs|cjs|css)|bundle\.js)$/i;
/** Names a lock file may have; fileRole says which are. */
const LOCK_NAME = /\.(lock|lockfile|ya?ml|toml|resolved)$|[-_.]lock$/i;
/** The roles the ranker demotes whose data it finds by path alone. */
const DATA_ROLES = new Set(['generated', 'vendored', 'fixture', 'asset']);

/**
 * Whether a listed file is indexed by its path alone, its text never read: lock files, and the
 * data, source maps and bundles among generated, vendored, fixture and asset files. The ranker
 * demotes these roles and finds them by their path words; their text would only cost the build
 * its reads and scans. Style sheets and generated code are read as any source. A file the
 * index leaves out anyway (too large, binary) is not indexed by path either.
 */
export function indexedByPath(path: string, size: number): boolean {
  if (size > FILE_SIZE_LIMIT_BYTES) return false;
  const name = path.slice(path.lastIndexOf('/') + 1);
  // The name first: most files are none of these, and fileRole costs more than a test.
  const data = DATA.test(name) || BUNDLE.test(name);
  if (!data && !LOCK_NAME.test(name)) return false;
  if (hasBinaryExtension(name)) return false;
  const role = fileRole(path);
  return role === 'lockfile' || (data && DATA_ROLES.has(role));
}

/** The entry of a file indexed by its path alone: no terms, definitions or imports. */
export function pathOnlyEntry(path: string): FileIndexEntry {
  return { ...indexFile({ path, text: '' }), unread: true };
}
