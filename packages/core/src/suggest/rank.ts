import type { FileRole } from '../fit/roles';
import { type Derived, derived } from './derived';
import { graphScores } from './graph';
import { historyScores } from './history';
import { nearTop, weighTitle } from './issue-shape';
import { reasonsFor } from './reasons';
import { type TermHit, passageScores } from './passages';
import { type ParsedRequest, parseRequest } from './request';
import {
  type Scores,
  definitionScores,
  lexicalScores,
  mentionedFiles,
  pathScores,
  recencyScores,
  scopeScores,
} from './signals';
import type { ProjectIndex, RankedFile, RankOptions } from './types';

/** The signals fused, each by its rank (decision 095 says what each is worth). */
export type SignalName =
  | 'text'
  | 'passage'
  | 'path'
  | 'mentioned'
  | 'defines'
  | 'scope'
  | 'history'
  | 'near'
  | 'graph'
  | 'recent';

/** Weights of reciprocal-rank fusion; a weight of 0 turns a signal off (the bench's ablation). */
export type SignalWeights = Record<SignalName, number>;

export const DEFAULT_WEIGHTS: SignalWeights = {
  text: 1,
  passage: 2,
  path: 1,
  mentioned: 2,
  defines: 0.5,
  scope: 1,
  history: 1.5,
  near: 1,
  graph: 0.6,
  recent: 0.5,
};

/**
 * A request of more distinct terms than this reads as an issue (a report with its logs and
 * snippets), not a commit-like line: it resembles many past messages a little, so the history
 * counts half, and its own words, many and specific, count half again (decision 118). Only
 * such a request is scored by passage too: a report's words meet one function of a long file,
 * a one-line request's few words the file as a whole (decision 142); and only its best file's
 * neighbours are lifted (`near`, decisions 151 and 155).
 */
const LONG_REQUEST_TERMS = 40;
const LONG_REQUEST_SCALE: Partial<SignalWeights> = { history: 0.5, text: 1.5, passage: 1.5 };
const SHORT_REQUEST_SCALE: Partial<SignalWeights> = { passage: 0, near: 0 };

/** The weights for a request: a long one scales some (LONG_REQUEST_SCALE), a short one others. */
export function weightsFor(terms: number, weights: SignalWeights): SignalWeights {
  const scaled = { ...weights };
  const scale = terms > LONG_REQUEST_TERMS ? LONG_REQUEST_SCALE : SHORT_REQUEST_SCALE;
  for (const [name, factor] of Object.entries(scale) as [SignalName, number][]) {
    scaled[name] *= factor;
  }
  return scaled;
}

/** Reciprocal-rank fusion's constant: how flat the tail of each signal's ranking is. */
const RRF_K = 60;
/** Seeds of the graph: the best files of the direct signals. */
const SEEDS = 10;

/** How far a role is demoted unless the request asks for it (its source files stay). */
const DEMOTION: Record<FileRole, number> = {
  source: 1,
  readme: 0.7,
  docs: 0.5,
  test: 0.5,
  fixture: 0.3,
  asset: 0.3,
  generated: 0.2,
  vendored: 0.2,
  licence: 0.2,
  lockfile: 0.2,
  changelog: 0.3,
};
/**
 * How far a shell completion or an editor's plugin is demoted unless the request asks for it
 * (decisions 130 and 145): glue around the project's command, which echoes its words.
 */
const COMPLETION_DEMOTION = 0.5;

/** Ranks of a signal's files: best first, ties by path order in the index. */
function ranked(scores: Scores): Map<number, number> {
  const order = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return new Map(order.map(([at], rank) => [at, rank]));
}

function fuse(lists: [Map<number, number>, number][], into: Map<number, number>) {
  for (const [ranks, weight] of lists) {
    if (weight === 0) continue;
    for (const [at, rank] of ranks) into.set(at, (into.get(at) ?? 0) + weight / (RRF_K + rank + 1));
  }
}

/** The fused score of each file for a parsed request, and what its reasons read. */
function scoreFiles(
  parsed: ParsedRequest,
  index: ProjectIndex,
  d: Derived,
  weights: SignalWeights,
  options: RankOptions,
) {
  const hits: TermHit[] = [];
  const text = lexicalScores(parsed, index, hits);
  const passages = weights.passage ? passageScores(hits, index) : null;
  const signals = {
    text,
    passage: passages?.scores ?? new Map<number, number>(),
    path: pathScores(parsed, index, d),
    mentioned: mentionedFiles(parsed.mentions, index),
    defines: definitionScores(parsed, d),
    scope: scopeScores(parsed, index, d),
    history: historyScores(parsed, index, options.history),
    recent: recencyScores(index, options.changedPaths, options.recency),
  };
  const ranks = Object.fromEntries(
    Object.entries(signals).map(([name, scores]) => [name, ranked(scores)]),
  ) as Record<keyof typeof signals, Map<number, number>>;

  const direct = new Map<number, number>();
  fuse(
    (['text', 'passage', 'path', 'mentioned', 'defines', 'scope', 'history'] as const).map(
      (name) => [ranks[name], weights[name]],
    ),
    direct,
  );
  if (weights.near) fuse([[ranked(nearTop(direct, d)), weights.near]], direct);
  const seeds = new Map([...direct].sort((a, b) => b[1] - a[1]).slice(0, SEEDS));
  const graph = weights.graph ? graphScores(seeds, index, d) : new Map<number, number>();
  const graphRanks = ranked(graph);

  const fused = new Map(direct);
  fuse(
    [
      [graphRanks, weights.graph],
      [ranks.recent, weights.recent],
    ],
    fused,
  );
  const asked = (role: FileRole) =>
    (role === 'test' && parsed.asks.has('test')) ||
    (role === 'docs' && parsed.asks.has('docs')) ||
    (role === 'readme' && parsed.asks.has('docs')) ||
    (role === 'fixture' && parsed.asks.has('fixture')) ||
    (role === 'generated' && parsed.asks.has('generated')) ||
    (role === 'vendored' && parsed.asks.has('vendored')) ||
    (role === 'asset' && parsed.asks.has('asset'));
  const demoted = new Set<number>();
  for (const [at, score] of fused) {
    const role = d.roles[at]!;
    const mentioned = signals.mentioned.has(at);
    // A completion is lowered unless asked for by word or by the scope (`_rg: add a group`).
    const completion =
      ((d.completions.has(at) && !parsed.asks.has('completion')) ||
        (d.editorPlugins.has(at) && !parsed.asks.has('editor'))) &&
      !signals.scope.has(at);
    const factor = (asked(role) ? 1 : DEMOTION[role]) * (completion ? COMPLETION_DEMOTION : 1);
    if (mentioned || factor === 1) continue;
    fused.set(at, score * factor);
    demoted.add(at);
  }
  const order = [...fused].sort(
    (a, b) => b[1] - a[1] || (index.files[a[0]]!.path < index.files[b[0]]!.path ? -1 : 1),
  );
  return { order, demoted, signals, passages, graph };
}

/**
 * The project's files for a request, best first: each signal scores the files it knows, the
 * rankings are fused by reciprocal rank, files whose role the request does not ask for are
 * demoted, and the top ones get the reasons a user reads. A long request is ranked twice: as
 * written, and with its issue title counted twice and `near` fused (issue-shape.ts); the second
 * ranking orders the files, but the first file of the first stays first — the title and a
 * hub's neighbours moved the right first file down more often than they lifted one to the top,
 * while below it they lift the files a fix also edits (decision 155).
 */
export function rankFiles(
  request: string,
  index: ProjectIndex,
  options: RankOptions & { weights?: SignalWeights } = {},
): RankedFile[] {
  const parsed = parseRequest(request);
  const weights = weightsFor(parsed.terms.size, options.weights ?? DEFAULT_WEIGHTS);
  const d = derived(index);
  const long = parsed.terms.size > LONG_REQUEST_TERMS;
  const read = long ? weighTitle(request, parsed) : parsed;
  const { order, demoted, signals, passages, graph } = scoreFiles(read, index, d, weights, options);
  if (long && (read !== parsed || weights.near)) {
    const [asWritten] = scoreFiles(parsed, index, d, { ...weights, near: 0 }, options).order;
    const at = asWritten ? order.findIndex(([file]) => file === asWritten[0]) : -1;
    if (at > 0) {
      const [first] = order.splice(at, 1);
      order.unshift([first![0], Math.max(first![1], order[0]![1])]);
    }
  }

  const top = order.slice(0, options.top ?? 20);
  const first = top[0]?.[0];
  return top.map(([at, score]) => ({
    path: index.files[at]!.path,
    score: Math.round(score * 1e6) / 1e6,
    role: d.roles[at]!,
    ...(demoted.has(at) ? { demoted: true } : {}),
    reasons: reasonsFor(at, {
      parsed: read,
      index,
      d,
      signals,
      bestPassage: passages?.best,
      graph,
      first,
      options,
    }),
  }));
}
