import { type FileIndexEntry, type FilePassages, INDEX_VERSION } from '@promptloom/core';

/** What the index keeps of one file between visits: how it was read, and its entry. */
export interface StoredEntry {
  size: number;
  mtime: number;
  /** cyrb53 of the file's text with its length (core's hashText); '' when it was not read. */
  hash: string;
  /** null: the file is not indexed (binary, too large, unreadable). */
  entry: FileIndexEntry | null;
}

/**
 * A project's whole index as one IndexedDB value (decision 105): a few typed arrays holding
 * every file's numbers end to end, and one JSON text for the strings. Reading it back is one
 * structured clone of a few large buffers, not one per file; the entries it gives are views
 * into those buffers, so nothing is copied.
 */
export interface PackedIndex {
  v: typeof INDEX_VERSION;
  /**
   * JSON of { paths, hashes, defs, imports }, one item per file in `paths` order, and
   * `flagNames`, the command-line flags of the few files defining some, by their position,
   * and `goModules`, the module path of each go.mod, likewise.
   */
  strings: string;
  sizes: Float64Array;
  mtimes: Float64Array;
  /** Bit 1: the file has an entry; bit 2: its defs and refs come from tree-sitter tags. */
  flags: Uint8Array;
  /** BM25 document length of each entry. */
  lengths: Float64Array;
  /** File i's terms and counts are at [termStarts[i], termStarts[i + 1]), its refs likewise. */
  termStarts: Uint32Array;
  terms: Uint32Array;
  counts: Uint16Array;
  refStarts: Uint32Array;
  refs: Uint32Array;
  /**
   * The passages of a file of more than one (bit 4 of its flags): its passage lengths at
   * [passageStarts[i], passageStarts[i + 1]), its term runs (one more than its terms) from
   * runStarts[i], and the passage ids and counts those runs index from pairStarts[i].
   */
  passageStarts: Uint32Array;
  passageLengths: Uint32Array;
  runStarts: Uint32Array;
  runs: Uint32Array;
  pairStarts: Uint32Array;
  passageIds: Uint16Array;
  passageCounts: Uint8Array;
}

interface PackedStrings {
  paths: string[];
  hashes: string[];
  defs: string[][];
  imports: string[][];
  flagNames: Record<number, string[]>;
  goModules: Record<number, string>;
}

const HAS_ENTRY = 1;
const TAGGED = 2;
const HAS_PASSAGES = 4;

export function packIndex(records: ReadonlyMap<string, StoredEntry>): PackedIndex {
  const n = records.size;
  const strings: PackedStrings = {
    paths: [],
    hashes: [],
    defs: [],
    imports: [],
    flagNames: {},
    goModules: {},
  };
  const sizes = new Float64Array(n);
  const mtimes = new Float64Array(n);
  const flags = new Uint8Array(n);
  const lengths = new Float64Array(n);
  const termStarts = new Uint32Array(n + 1);
  const refStarts = new Uint32Array(n + 1);
  const passageStarts = new Uint32Array(n + 1);
  const runStarts = new Uint32Array(n + 1);
  const pairStarts = new Uint32Array(n + 1);
  let i = 0;
  for (const [path, { size, mtime, hash, entry }] of records) {
    strings.paths.push(path);
    strings.hashes.push(hash);
    strings.defs.push(entry?.defs ?? []);
    strings.imports.push(entry?.imports ?? []);
    if (entry?.flags) strings.flagNames[i] = entry.flags;
    if (entry?.goModule) strings.goModules[i] = entry.goModule;
    sizes[i] = size;
    mtimes[i] = mtime;
    const passages = entry?.passages;
    flags[i] = entry ? HAS_ENTRY | (entry.tagged ? TAGGED : 0) | (passages ? HAS_PASSAGES : 0) : 0;
    lengths[i] = entry?.length ?? 0;
    termStarts[i + 1] = termStarts[i]! + (entry?.terms.length ?? 0);
    refStarts[i + 1] = refStarts[i]! + (entry?.refs.length ?? 0);
    passageStarts[i + 1] = passageStarts[i]! + (passages?.lengths.length ?? 0);
    runStarts[i + 1] = runStarts[i]! + (passages?.starts.length ?? 0);
    pairStarts[i + 1] = pairStarts[i]! + (passages?.ids.length ?? 0);
    i++;
  }
  const terms = new Uint32Array(termStarts[n]!);
  const counts = new Uint16Array(termStarts[n]!);
  const refs = new Uint32Array(refStarts[n]!);
  const passageLengths = new Uint32Array(passageStarts[n]!);
  const runs = new Uint32Array(runStarts[n]!);
  const passageIds = new Uint16Array(pairStarts[n]!);
  const passageCounts = new Uint8Array(pairStarts[n]!);
  i = 0;
  for (const { entry } of records.values()) {
    if (entry) {
      terms.set(entry.terms, termStarts[i]);
      counts.set(entry.counts, termStarts[i]);
      refs.set(entry.refs, refStarts[i]);
    }
    if (entry?.passages) {
      passageLengths.set(entry.passages.lengths, passageStarts[i]);
      runs.set(entry.passages.starts, runStarts[i]);
      passageIds.set(entry.passages.ids, pairStarts[i]);
      passageCounts.set(entry.passages.counts, pairStarts[i]);
    }
    i++;
  }
  return {
    v: INDEX_VERSION,
    strings: JSON.stringify(strings),
    sizes,
    mtimes,
    flags,
    lengths,
    termStarts,
    terms,
    counts,
    refStarts,
    refs,
    passageStarts,
    passageLengths,
    runStarts,
    runs,
    pairStarts,
    passageIds,
    passageCounts,
  };
}

/** File i's passages: views into the packed buffers. */
function passagesOf(packed: PackedIndex, i: number): FilePassages {
  const pairs = [packed.pairStarts[i], packed.pairStarts[i + 1]] as const;
  return {
    lengths: packed.passageLengths.subarray(packed.passageStarts[i], packed.passageStarts[i + 1]),
    starts: packed.runs.subarray(packed.runStarts[i], packed.runStarts[i + 1]),
    ids: packed.passageIds.subarray(...pairs),
    counts: packed.passageCounts.subarray(...pairs),
  };
}

/** The records a packed index holds, in the order they were packed; empty for another version. */
export function unpackIndex(packed: PackedIndex): Map<string, StoredEntry> {
  const records = new Map<string, StoredEntry>();
  if (packed.v !== INDEX_VERSION) return records;
  const { paths, hashes, defs, imports, flagNames, goModules } = JSON.parse(
    packed.strings,
  ) as PackedStrings;
  paths.forEach((path, i) => {
    const flags = packed.flags[i]!;
    const from = packed.termStarts[i]!;
    const to = packed.termStarts[i + 1]!;
    const entry: FileIndexEntry | null =
      flags & HAS_ENTRY
        ? {
            v: INDEX_VERSION,
            path,
            terms: packed.terms.subarray(from, to),
            counts: packed.counts.subarray(from, to),
            length: packed.lengths[i]!,
            defs: defs[i]!,
            refs: packed.refs.subarray(packed.refStarts[i], packed.refStarts[i + 1]),
            imports: imports[i]!,
            tagged: (flags & TAGGED) !== 0,
            ...(flagNames[i] ? { flags: flagNames[i] } : {}),
            ...(goModules[i] ? { goModule: goModules[i] } : {}),
            ...(flags & HAS_PASSAGES ? { passages: passagesOf(packed, i) } : {}),
          }
        : null;
    records.set(path, {
      size: packed.sizes[i]!,
      mtime: packed.mtimes[i]!,
      hash: hashes[i]!,
      entry,
    });
  });
  return records;
}
