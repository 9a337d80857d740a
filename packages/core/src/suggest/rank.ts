import type { FileRole } from '../fit/roles';
import { type Derived, derived } from './derived';
import { graphScores } from './graph';
import { historyScores } from './history';
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
  'text' | 'passage' | 'path' | 'mentioned' | 'defines' | 'scope' | 'history' | 'graph' | 'recent';

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
  graph: 0.6,
  recent: 0.5,
};

/**
 * A request of more distinct terms than this reads as an issue (a report with its logs and
 * snippets), not a commit-like line: it resembles many past messages a little, so the history
 * counts half, and its own words, many and specific, count half again (decision 118). Only
 * such a request is scored by passage too: a report's words meet one function of a long file,
 * a one-line request's few words the file as a whole (decision 142).
 */
const LONG_REQUEST_TERMS = 40;
const LONG_REQUEST_SCALE: Partial<SignalWeights> = { history: 0.5, text: 1.5, passage: 1.5 };
const SHORT_REQUEST_SCALE: Partial<SignalWeights> = { passage: 0 };

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

/** Scratch knobs of decision 155's measurement (set by the bench, not kept). */
interface Knobs {
  title?: number;
  titleDefines?: number;
  titleDefinesProse?: boolean;
  near?: number;
  pin?: boolean;
  pin0?: boolean;
  shape?: boolean;
  hub?: boolean;
}
const knobs = (): Knobs => (globalThis as { __suggestKnobs?: Knobs }).__suggestKnobs ?? {};

const BODY_AFTER_TITLE = /^[ \t\r]*\n\s*\S/;

function issueTitle(request: string): ParsedRequest | null {
  const end = request.indexOf('\n');
  if (end === -1 || !request.slice(0, end).trim()) return null;
  if (!BODY_AFTER_TITLE.test(request.slice(end + 1))) return null;
  return parseRequest(request.slice(0, end));
}

function nearTop(direct: ReadonlyMap<number, number>, top: number | undefined, d: Derived): Scores {
  const near: Scores = new Map();
  if (top === undefined) return near;
  for (const at of [...d.imports[top]!, ...d.importers[top]!]) {
    const score = direct.get(at);
    if (at !== top && score !== undefined) near.set(at, score);
  }
  return near;
}

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

function finish(
  direct: Map<number, number>,
  index: ProjectIndex,
  d: Derived,
  parsed: ParsedRequest,
  signals: { mentioned: Scores; scope: Scores },
  ranksRecent: Map<number, number>,
  weights: SignalWeights,
) {
  const seeds = new Map([...direct].sort((a, b) => b[1] - a[1]).slice(0, SEEDS));
  const graph = weights.graph ? graphScores(seeds, index, d) : new Map<number, number>();
  const graphRanks = ranked(graph);

  const fused = new Map(direct);
  fuse(
    [
      [graphRanks, weights.graph],
      [ranksRecent, weights.recent],
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

  return { fused, demoted, graph };
}

/**
 * The project's files for a request, best first: each signal scores the files it knows, the
 * rankings are fused by reciprocal rank, files whose role the request does not ask for are
 * demoted, and the top ones get the reasons a user reads.
 */
export function rankFiles(
  request: string,
  index: ProjectIndex,
  options: RankOptions & { weights?: SignalWeights } = {},
): RankedFile[] {
  const k = knobs();
  const parsed = parseRequest(request);
  const long = parsed.terms.size > LONG_REQUEST_TERMS;
  const title = long ? issueTitle(request) : null;
  if (title && k.title) {
    for (const [term, count] of title.terms) {
      const weight = parsed.terms.get(term);
      if (weight !== undefined) parsed.terms.set(term, weight + (k.title - 1) * count);
    }
  }
  let pinned: string | undefined;
  let baseScores: number[] | undefined;
  if ((k.pin0 || k.shape) && long && (k.title || k.near || k.titleDefines)) {
    const g = globalThis as { __suggestKnobs?: Knobs };
    const saved = g.__suggestKnobs;
    g.__suggestKnobs = {};
    try {
      const base = rankFiles(request, index, options);
      if (k.pin0) pinned = base[0]?.path;
      if (k.shape) baseScores = base.map((file) => file.score);
    } finally {
      g.__suggestKnobs = saved;
    }
  }
  const weights = weightsFor(parsed.terms.size, options.weights ?? DEFAULT_WEIGHTS);
  const d = derived(index);
  const hits: TermHit[] = [];
  const text = lexicalScores(parsed, index, hits);
  const passages = weights.passage ? passageScores(hits, index) : null;
  const signals = {
    text,
    passage: passages?.scores ?? new Map<number, number>(),
    path: pathScores(parsed, index, d),
    mentioned: mentionedFiles(parsed.mentions, index),
    defines: definitionScores(
      parsed,
      d,
      title && k.titleDefines
        ? {
            names: new Set(
              [...title.names].filter(([, code]) => code || k.titleDefinesProse).map(([n]) => n),
            ),
            factor: k.titleDefines,
          }
        : undefined,
    ),
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
  let first0: number | undefined = pinned === undefined ? undefined : index.byPath.get(pinned);
  if (long && k.near) {
    if (k.pin) {
      const base = finish(new Map(direct), index, d, parsed, signals, ranks.recent, weights);
      first0 = [...base.fused].sort(
        (a, b) => b[1] - a[1] || (index.files[a[0]]!.path < index.files[b[0]]!.path ? -1 : 1),
      )[0]?.[0];
    }
    const [best] = [...direct].sort((a, b) => b[1] - a[1]);
    const nearRanks = ranked(nearTop(direct, best?.[0], d));
    for (const [at, rank] of nearRanks) {
      const hub = k.hub ? Math.min(1, 1 / Math.log(1 + d.importers[at]!.length)) : 1;
      direct.set(at, (direct.get(at) ?? 0) + (k.near * hub) / (RRF_K + rank + 1));
    }
  }
  const { fused, demoted, graph } = finish(direct, index, d, parsed, signals, ranks.recent, weights);
  if (first0 !== undefined) {
    const max = Math.max(...fused.values());
    if (fused.get(first0)! < max) fused.set(first0, max * 1.000001);
  }
  const order = [...fused].sort(
    (a, b) => b[1] - a[1] || (index.files[a[0]]!.path < index.files[b[0]]!.path ? -1 : 1),
  );
  const top = order.slice(0, options.top ?? 20);
  const first = top[0]?.[0];
  return top.map(([at, score], rank) => ({
    path: index.files[at]!.path,
    score: baseScores?.[rank] ?? Math.round(score * 1e6) / 1e6,
    role: d.roles[at]!,
    ...(demoted.has(at) ? { demoted: true } : {}),
    reasons: reasonsFor(at, {
      parsed,
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
