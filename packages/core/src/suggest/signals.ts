import { type Derived, derived } from './derived';
import type { TermHit } from './passages';
import { pathFiles, termPostings } from './postings';
import { type Mention, mentionTails, moduleFiles } from './mentions';
import type { ParsedRequest } from './request';
import { termHash } from './tokenize';
import type { ProjectIndex } from './types';

/** A signal's scores: file index → score (> 0), only for the files it has something on. */
export type Scores = Map<number, number>;

const K1 = 1.2;
const B = 0.75;

/** Each reading's weight of each term, in the terms' order (the readings share their terms). */
export function termWeights(readings: readonly ParsedRequest[]): number[][] {
  return readings.map((reading) => [...reading.terms.values()]);
}

/**
 * Each reading's sum per file, with the order in which a term first met each file: each
 * reading's `Scores` is filled in that order, the insertion order that breaks ties downstream
 * (the graph's seeds, `near`'s best file).
 */
class ReadingSums {
  readonly of: Float64Array[];
  private readonly met: Uint8Array;
  private readonly order: number[] = [];

  constructor(readings: number, files: number) {
    this.of = Array.from({ length: readings }, () => new Float64Array(files));
    this.met = new Uint8Array(files);
  }

  meet(at: number): void {
    if (this.met[at]) return;
    this.met[at] = 1;
    this.order.push(at);
  }

  toScores(): Scores[] {
    return this.of.map((sum) => {
      const scores: Scores = new Map();
      for (const at of this.order) scores.set(at, sum[at]!);
      return scores;
    });
  }
}

/**
 * Okapi BM25 of each file's text against the request's terms (code-aware terms), for each
 * reading of one request: the readings share their terms and differ in their weights only (a
 * long request's title counted twice, issue-shape.ts), so each term's postings, idf and each
 * file's length norm are read once for all. `hits`, when given, receives per reading each term
 * met with its files, counts and idf: the passage signal scores the same terms by passage
 * without looking them up again.
 */
export function lexicalScores(
  readings: readonly ParsedRequest[],
  index: ProjectIndex,
  hits?: TermHit[][],
): Scores[] {
  const n = index.files.length;
  const mean = index.meanLength || 1;
  const postings = termPostings(index);
  const sums = new ReadingSums(readings.length, n);
  const weights = termWeights(readings);
  let t = -1;
  for (const term of readings[0]!.terms.keys()) {
    t++;
    const hash = termHash(term);
    const { files, counts } = postings.of(hash);
    if (files.length === 0) continue;
    const idf = Math.log(1 + (n - files.length + 0.5) / (files.length + 0.5));
    readings.forEach((_, r) =>
      hits?.[r]!.push({ hash, idf, weight: weights[r]![t]!, files, counts }),
    );
    for (let i = 0; i < files.length; i++) {
      const at = files[i]!;
      const count = counts[i]!;
      const norm = K1 * (1 - B + (B * index.files[at]!.length) / mean);
      sums.meet(at);
      for (let r = 0; r < readings.length; r++) {
        sums.of[r]![at]! += (idf * weights[r]![t]! * (count * (K1 + 1))) / (count + norm);
      }
    }
  }
  return sums.toScores();
}

/**
 * Request words in a file's name (twice the weight) and folders, rarer words weighing more;
 * for each reading of one request (lexicalScores), each term's files read once for all. The
 * `skip` words are no path words (a report's error words, REPORT_ERROR_WORDS).
 */
export function pathScores(
  readings: readonly ParsedRequest[],
  index: ProjectIndex,
  d: Derived,
  skip?: ReadonlySet<string>,
): Scores[] {
  const n = index.files.length;
  const sums = new ReadingSums(readings.length, n);
  const weights = termWeights(readings);
  let t = -1;
  for (const term of readings[0]!.terms.keys()) {
    t++;
    const df = d.pathDf.get(term);
    if (!df || term.length < 2 || skip?.has(term)) continue;
    const idf = Math.log(1 + n / df);
    for (const at of pathFiles(index, d, term)) {
      const inName = d.names[at]!.has(term);
      if (!inName && !d.folders[at]!.has(term)) continue;
      sums.meet(at);
      for (let r = 0; r < readings.length; r++) {
        sums.of[r]![at]! += idf * Math.min(weights[r]![t]!, 2) * (inName ? 2 : 1);
      }
    }
  }
  return sums.toScores();
}

/** Files under the request's scope (`ignore/types:`): each scope word in their path, rarer ones weighing more. */
export function scopeScores(request: ParsedRequest, index: ProjectIndex, d: Derived): Scores {
  const scores: Scores = new Map();
  const n = index.files.length;
  for (const term of request.scope) {
    const df = d.pathDf.get(term);
    if (!df) continue;
    const idf = Math.log(1 + n / df);
    for (let at = 0; at < n; at++) {
      const inName = d.names[at]!.has(term);
      if (!inName && !d.folders[at]!.has(term)) continue;
      scores.set(at, (scores.get(at) ?? 0) + idf * (inName ? 1.5 : 1));
    }
  }
  return scores;
}

const tailTables = new WeakMap<ProjectIndex, Map<string, number[]>>();

/**
 * The files of an index by each tail of their lowercased path that starts a segment
 * (`src/a/x.py`, `a/x.py`, `x.py`), in index order; made once per index, on its first mention.
 */
function filesByTail(index: ProjectIndex): Map<string, number[]> {
  let table = tailTables.get(index);
  if (!table) {
    table = new Map();
    for (let at = 0; at < index.files.length; at++) {
      const path = index.files[at]!.path.toLowerCase();
      for (let from = 0; from !== -1; from = path.indexOf('/', from) + 1 || -1) {
        const tail = path.slice(from);
        const files = table.get(tail);
        if (files) files.push(at);
        else table.set(tail, [at]);
      }
    }
    tailTables.set(index, table);
  }
  return table;
}

/** Files of a Go package a request may name (`github.com/spf13/cobra/doc`) and still point at them. */
const MENTIONED_PACKAGE_FILES = 5;

/**
 * The file a mention points at: its whole path, else the longest tail of it a file ends with
 * (`mentionTails`: a frame through installed packages, not past the package's name; through
 * Go's module cache, the path inside the module from the project's root), else, for a Go
 * import path of one of the project's modules, the files of that package when they are few. A
 * Python module's dotted name (`modules`, after the paths) points at the module's file.
 */
export function mentionedFiles(
  mentions: readonly Mention[],
  index: ProjectIndex,
  modules: readonly string[] = [],
): Scores {
  const scores: Scores = new Map();
  modules.forEach((dotted, order) => {
    const hits = moduleFiles(dotted, index.byPath);
    const strength = 1 + 1 / (1 + mentions.length + order);
    for (const at of hits) scores.set(at, Math.max(scores.get(at) ?? 0, strength / hits.length));
  });
  if (mentions.length === 0) return scores;
  const byTail = filesByTail(index);
  mentions.forEach((mention, order) => {
    const parts = mention.path.split('/').length;
    // An absolute or foreign prefix (/home/u/project/src/x.py) is cut until a tail matches.
    for (const tail of mentionTails(mention.path)) {
      const rooted = tail.startsWith('/');
      const bare = rooted ? tail.slice(1) : tail;
      // The files whose path is the tail or ends with `/tail` (is the tail, when rooted).
      const hits = (byTail.get(bare) ?? []).filter(
        (at) => !rooted || index.files[at]!.path.toLowerCase() === bare,
      );
      if (hits.length === 0) continue;
      const segments = bare.split('/').length;
      if (hits.length > 5 && segments === 1) break; // a bare, common name
      const strength = segments / parts + 1 / (1 + order);
      for (const at of hits) scores.set(at, Math.max(scores.get(at) ?? 0, strength / hits.length));
      return;
    }
    const files = derived(index).goPackage(mention.path);
    if (files.length === 0 || files.length > MENTIONED_PACKAGE_FILES) return;
    const strength = 1 + 1 / (1 + order);
    for (const at of files) scores.set(at, Math.max(scores.get(at) ?? 0, strength / files.length));
  });
  return scores;
}

/** Definers a prose word may have and still point at a file, and its weight beside a code name. */
const PROSE_DEFINERS = 2;
const PROSE_WEIGHT = 0.3;

/** Whether the definers of a request's name point at files (a rare or code-like name). */
export function pointsAtDefiners(codeLike: boolean, definers: number): boolean {
  return definers > 0 && definers <= (codeLike ? 25 : PROSE_DEFINERS);
}

/**
 * Files defining a name of the request; rare names and code-like ones weigh more. A long flag
 * the request names (`--replace`) is not also a name here: the `flag` signal counts it by its
 * definers, and ripgrep's `struct Replace` is one of them, so the report that runs
 * `rg --replace` would lift the option parser twice over the code the flag drives.
 */
export function definitionScores(request: ParsedRequest, d: Derived): Scores {
  const scores: Scores = new Map();
  for (const [name, codeLike] of request.names) {
    if (request.flags.has(name)) continue;
    const files = d.definers.get(name);
    // A prose word ("import", "error") defined somewhere says little: only rare ones count.
    if (!files || !pointsAtDefiners(codeLike, files.length)) continue;
    const weight =
      ((codeLike ? 1 : PROSE_WEIGHT) * (name.length >= 8 ? 1.5 : 1)) / Math.sqrt(files.length);
    for (const at of files) scores.set(at, (scores.get(at) ?? 0) + weight);
  }
  return scores;
}

/** Changed since the last prompt (1), else git recency (its weight, at most 0.5). */
export function recencyScores(
  index: ProjectIndex,
  changed: readonly string[] | undefined,
  recency: ReadonlyMap<string, number> | undefined,
): Scores {
  const scores: Scores = new Map();
  for (const [path, weight] of recency ?? []) {
    const at = index.byPath.get(path);
    if (at !== undefined && weight > 0) scores.set(at, Math.min(weight, 1) / 2);
  }
  for (const path of changed ?? []) {
    const at = index.byPath.get(path);
    if (at !== undefined) scores.set(at, 1);
  }
  return scores;
}

/** A scoped npm package's name as written: `@babel/generator`, `@vitejs/plugin-vue`. */
const SCOPED_PACKAGE = /^@([\w.-]+)\/([\w.-]+)$/;
/** Where a package folder's entry file is, first found first. */
const ENTRY_FILES = ['src/index', 'index', 'lib/index'].flatMap((stem) =>
  ['ts', 'tsx', 'mts', 'js', 'mjs', 'cjs'].map((ext) => `${stem}.${ext}`),
);

/** A package the request names: as written, its folder (lowercased, with a trailing `/`) and entry file. */
export interface NamedPackage {
  name: string;
  folder: string;
  entry: number;
}

/**
 * Each scoped package the request names whose folder the project holds once (`generator/` or
 * `babel-generator/` for `@babel/generator`), with its entry file: `src/index.*`, `index.*` or
 * `lib/index.*`, in that order.
 */
export function namedPackages(mentions: readonly Mention[], index: ProjectIndex): NamedPackage[] {
  const named: NamedPackage[] = [];
  for (const mention of mentions) {
    const match = SCOPED_PACKAGE.exec(mention.path.toLowerCase());
    if (!match) continue;
    const names = new Set([match[2]!, `${match[1]}-${match[2]}`]);
    const byFolder = new Map<string, [number, number]>();
    for (const [path, at] of index.byPath) {
      const lower = path.toLowerCase();
      ENTRY_FILES.some((entry, order) => {
        if (!lower.endsWith(`/${entry}`)) return false;
        const folder = lower.slice(0, -entry.length);
        if (!names.has(folder.slice(0, -1).split('/').at(-1)!)) return true;
        const best = byFolder.get(folder);
        if (!best || order < best[1]) byFolder.set(folder, [at, order]);
        return true;
      });
    }
    if (byFolder.size !== 1) continue;
    const [folder, [entry]] = [...byFolder][0]!;
    if (!named.some((known) => known.entry === entry))
      named.push({ name: mention.path, folder, entry });
  }
  return named;
}
