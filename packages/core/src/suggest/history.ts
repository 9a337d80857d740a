import type { ParsedRequest } from './request';
import { type Scores, termWeights } from './signals';
import { countTerms } from './tokenize';
import type { PastChange, ProjectIndex } from './types';

const K1 = 1.2;
const B = 0.75;
/** Past changes that vote: the closest to the request; the rest are noise. */
const VOTERS = 5;
/** A change of more files than this is a sweep (a rename, a format), not a hint. */
const MAX_CHANGE_FILES = 30;

interface MessageIndex {
  terms: Map<string, number>[];
  lengths: number[];
  mean: number;
}

const messageIndexes = new WeakMap<readonly PastChange[], MessageIndex>();

function messageIndex(history: readonly PastChange[]): MessageIndex {
  let value = messageIndexes.get(history);
  if (!value) {
    const terms = history.map((change) => {
      const counts = new Map<string, number>();
      countTerms(change.message, counts);
      return counts;
    });
    const lengths = terms.map((counts) => [...counts.values()].reduce((a, b) => a + b, 0));
    const mean = lengths.reduce((a, b) => a + b, 0) / Math.max(lengths.length, 1) || 1;
    value = { terms, lengths, mean };
    messageIndexes.set(history, value);
  }
  return value;
}

/**
 * Files that past changes of a similar message touched: each past commit's message is scored
 * against the request (BM25 of the same terms), and the closest ones share their score among
 * the files they changed. Past fixes of the same part of the project say where the next one goes.
 * Scored for each reading of one request (their terms the same, their weights not): each
 * term's messages are found once for all.
 */
export function historyScores(
  readings: readonly ParsedRequest[],
  index: ProjectIndex,
  history: readonly PastChange[] | undefined,
): Scores[] {
  if (!history?.length) return readings.map((): Scores => new Map());
  const messages = messageIndex(history);
  const similarities = readings.map(() => new Float64Array(history.length));
  const weights = termWeights(readings);
  let t = -1;
  for (const term of readings[0]!.terms.keys()) {
    t++;
    let df = 0;
    for (const counts of messages.terms) if (counts.has(term)) df++;
    if (df === 0) continue;
    const idf = Math.log(1 + (history.length - df + 0.5) / (df + 0.5));
    messages.terms.forEach((counts, at) => {
      const count = counts.get(term);
      if (!count) return;
      const norm = K1 * (1 - B + (B * messages.lengths[at]!) / messages.mean);
      similarities.forEach((similarity, r) => {
        similarity[at]! += (idf * Math.min(weights[r]![t]!, 2) * count * (K1 + 1)) / (count + norm);
      });
    });
  }
  return similarities.map((similarity) => votes(similarity, index, history));
}

/** The closest past changes' votes: each shares its similarity among the files it changed. */
function votes(
  similarity: Float64Array,
  index: ProjectIndex,
  history: readonly PastChange[],
): Scores {
  const scores: Scores = new Map();
  const voters = [...similarity.keys()]
    .filter((at) => similarity[at]! > 0 && history[at]!.paths.length <= MAX_CHANGE_FILES)
    .sort((a, b) => similarity[b]! - similarity[a]!)
    .slice(0, VOTERS);
  for (const at of voters) {
    const files = history[at]!.paths.flatMap((path) => {
      const file = index.byPath.get(path);
      return file === undefined ? [] : [file];
    });
    for (const file of files) {
      scores.set(file, (scores.get(file) ?? 0) + similarity[at]! / Math.sqrt(files.length));
    }
  }
  return scores;
}

/** `#123` in a past message: the pull request it was merged as, or an issue it names. */
const MESSAGE_NUMBER = /#(\d{2,7})\b/g;

/** The files of the past changes a request names, and how the request named each file's change. */
export interface LinkedFiles {
  scores: Scores;
  /** `#15135`, or a hash as the request quotes it: the newest named change of each file. */
  refs: Map<number, string>;
}

/**
 * Files of the past changes a request points at: a change whose message names a number the
 * request names (`#15135`, a pull request's link), or whose hash the request quotes (a report
 * that a regression started with a commit). A sweep of many files is left out.
 */
export function linkedScores(
  parsed: ParsedRequest,
  index: ProjectIndex,
  history: readonly PastChange[] | undefined,
): LinkedFiles {
  const scores: Scores = new Map();
  const refs = new Map<number, string>();
  linkedChanges(parsed, history).forEach(({ change, bySha, ref }, order) => {
    const files = change.paths.flatMap((path) => {
      const file = index.byPath.get(path);
      return file === undefined ? [] : [file];
    });
    // Newer changes first on a tie: the list is newest first.
    const weight = (bySha ? 2 : 1) / Math.sqrt(files.length) + 1e-6 / (1 + order);
    for (const file of files) {
      scores.set(file, (scores.get(file) ?? 0) + weight);
      if (!refs.has(file)) refs.set(file, ref);
    }
  });
  return { scores, refs };
}

interface LinkedChange {
  change: PastChange;
  bySha: boolean;
  ref: string;
}

/** The past changes the request names, newest first; sweeps of many files left out. */
function linkedChanges(
  parsed: ParsedRequest,
  history: readonly PastChange[] | undefined,
): LinkedChange[] {
  const { numbers, shas } = parsed.refs;
  if (!history?.length || (numbers.size === 0 && shas.length === 0)) return [];
  const linked: LinkedChange[] = [];
  for (const change of history) {
    if (change.paths.length > MAX_CHANGE_FILES) continue;
    const sha = shas.find((quoted) => change.sha?.startsWith(quoted));
    const number =
      numbers.size > 0
        ? [...change.message.matchAll(MESSAGE_NUMBER)].find(([, n]) => numbers.has(Number(n)))
        : undefined;
    if (sha !== undefined) linked.push({ change, bySha: true, ref: sha.slice(0, 7) });
    else if (number !== undefined) linked.push({ change, bySha: false, ref: `#${number[1]}` });
  }
  return linked;
}
