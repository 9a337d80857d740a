import { flagDefinitions } from './flags';
import { goModulePath, lexicalDefinitions, lexicalImports } from './lexical';
import { PASSAGE_LINES, findSorted } from './passages';
import { continueTextHash, type TextHashState } from '../tokens/text-hash';
import { termHashCounts } from './term-hash-counts';
import { termHash, wholeForm } from './tokenize';
import { type FileIndexEntry, type FileTags, INDEX_VERSION } from './types';

/** Definitions kept per file: enough for any hand-written file, bounded for generated ones. */
const MAX_DEFS = 400;
const MAX_IMPORTS = 200;
/** Text read per file: a file past this is data or generated; its start says what it is. */
const MAX_TEXT = 512 * 1024;

/**
 * One file's index entry, a pure function of its path, text and (optionally) tree-sitter
 * tags. Without tags, definitions come from lexical.ts and references are the identifiers
 * the file contains.
 */
export function indexFile(input: { path: string; text: string; tags?: FileTags }): FileIndexEntry {
  return scanFile(input).entry;
}

/** indexFile's entry, and the term scan's hash state of the text it read. */
function scanFile(input: { path: string; text: string; tags?: FileTags }): {
  entry: FileIndexEntry;
  hash: TextHashState;
} {
  const text = input.text.length > MAX_TEXT ? input.text.slice(0, MAX_TEXT) : input.text;
  const { terms, counts: termCounts, length, passages, hash } = termHashCounts(text, PASSAGE_LINES);

  const defs = input.tags
    ? [...new Set(input.tags.defs)].slice(0, MAX_DEFS)
    : lexicalDefinitions(text, MAX_DEFS, input.path);
  const refs = input.tags
    ? Uint32Array.from(new Set(input.tags.refs.map((name) => termHash(wholeForm(name))))).sort()
    : new Uint32Array(0);
  const flags = flagDefinitions(input.path, text);
  const goModule = goModulePath(input.path, text);
  const entry: FileIndexEntry = {
    v: INDEX_VERSION,
    path: input.path,
    terms,
    counts: termCounts,
    length,
    defs,
    refs,
    imports: lexicalImports(input.path, text, MAX_IMPORTS),
    tagged: input.tags !== undefined,
    ...(flags.length ? { flags } : {}),
    ...(goModule ? { goModule } : {}),
    ...(passages ? { passages } : {}),
  };
  return { entry, hash };
}

/**
 * indexFile's entry and core's hashText of the same text, hashed in the term scan's loop (the
 * text past MAX_TEXT after it): a file met for the first time is read once for both, not
 * once more for its hash.
 */
export function indexFileHashed(input: { path: string; text: string }): {
  entry: FileIndexEntry;
  hash: string;
} {
  const { entry, hash } = scanFile(input);
  return { entry, hash: continueTextHash(hash, input.text) };
}

/** Occurrences of a term hash in an entry. */
export function termCount(entry: FileIndexEntry, hash: number): number {
  const at = findSorted(entry.terms, hash);
  return at === -1 ? 0 : entry.counts[at]!;
}
