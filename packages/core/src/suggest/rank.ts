import type { FileRole } from '../fit/roles';
import { type Derived, derived } from './derived';
import { type Sums, bestOf, copySums, emptySums, fuse, headOf, ranked } from './fusion';
import { flagDefinersOf, flagScores } from './flags';
import { graphScores } from './graph';
import { historyScores, linkedScores } from './history';
import { nearTop, weighTitle } from './issue-shape';
import { requestBody } from './issue-text';
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
  | 'linked'
  | 'flag'
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
  linked: 2,
  flag: 2,
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

/**
 * How many distinct terms a request has as written, for telling a report from a commit-like
 * line: a template's boilerplate (its environment, versions and checklist, issue-text.ts) is
 * not read for terms, but a report that fills a template is a report even when a few of its own
 * words are left after the cut (decision 180). Commit messages fill no template: theirs stays
 * the count of the terms read.
 */
function writtenSize(request: string, parsed: ParsedRequest): number {
  const size = parsed.terms.size;
  if (size > LONG_REQUEST_TERMS || requestBody(request) === request) return size;
  return Math.max(size, parseRequest(request, { cut: false }).terms.size);
}

/** The weights for a request: a long one scales some (LONG_REQUEST_SCALE), a short one others. */
export function weightsFor(terms: number, weights: SignalWeights): SignalWeights {
  const scaled = { ...weights };
  const scale = terms > LONG_REQUEST_TERMS ? LONG_REQUEST_SCALE : SHORT_REQUEST_SCALE;
  for (const [name, factor] of Object.entries(scale) as [SignalName, number][]) {
    scaled[name] *= factor;
  }
  return scaled;
}

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
/**
 * How far a type declaration (`.d.ts`, `.pyi`) is demoted in a long request that does not ask
 * for types: a report tells what the program does, which a declaration holds none of, though it
 * names the options and functions the report names, in few tokens. A one-line request keeps it
 * (`add the type of X` edits one), as does a report that says `types` or `typings`.
 */
const DECLARATION_DEMOTION = 0.5;

/** Where the source file defining a name the request gives stays when the request asks for tests. */
const DEFINER_PLACE = 3;

/**
 * A request that asks for tests (`add a test for url_for`) lifts the test files, which all use
 * the name it gives, above the source defining it, while the test is written against that
 * source: its best definer is kept among the first few.
 */
function keepDefiner(fused: Sums, defines: Scores, d: Derived) {
  let best = -1;
  for (const at of defines.keys()) {
    if (d.roles[at] !== 'source' || !fused.has[at]) continue;
    if (best < 0 || fused.values[at]! > fused.values[best]!) best = at;
  }
  if (best < 0) return;
  const head = bestOf(fused, DEFINER_PLACE);
  if (head.some(([at]) => at === best) || head.length < DEFINER_PLACE) return;
  fused.values[best] = head.at(-1)![1] * (1 + 1e-9);
}

/** Signals that read the request's names, mentions, scope and the project's recency: not its terms' weights. */
interface RequestSignals {
  mentioned: Scores;
  linked: Scores;
  flag: Scores;
  defines: Scores;
  scope: Scores;
  recent: Scores;
}

/** Signals that read the request's terms with their weights, for one reading of it. */
interface TermSignals {
  text: Scores;
  passage: Scores;
  /** The best passage of each file the passage signal scored. */
  passages: { scores: Scores; best: Map<number, number> } | null;
  path: Scores;
  history: Scores;
}

/**
 * The term signals of each reading of one request (the same terms, other weights): each
 * signal walks its postings once for all readings.
 */
function termSignals(
  readings: readonly ParsedRequest[],
  index: ProjectIndex,
  d: Derived,
  passage: boolean,
  options: RankOptions,
): TermSignals[] {
  const hits = readings.map((): TermHit[] => []);
  const text = lexicalScores(readings, index, hits);
  const passages = passage ? passageScores(hits, index) : null;
  const path = pathScores(readings, index, d);
  const history = historyScores(readings, index, options.history);
  return readings.map((_, r) => ({
    text: text[r]!,
    passage: passages?.[r]!.scores ?? new Map<number, number>(),
    passages: passages?.[r] ?? null,
    path: path[r]!,
    history: history[r]!,
  }));
}

/** The rankings of a request's own signals (RequestSignals), made once for all its readings. */
type RequestRanks = Record<keyof RequestSignals, Uint32Array>;

/** The direct signals, in the order they are fused: each file's sum adds them in this order. */
const DIRECT = [
  'text',
  'passage',
  'path',
  'mentioned',
  'defines',
  'scope',
  'history',
  'linked',
  'flag',
] as const;

/**
 * The fused score of each file for one reading of a request: each signal's ranking (the
 * request's own given once for all readings) fused by reciprocal rank, the graph walked from
 * the best files, files whose role the request does not ask for demoted.
 */
function fuseReading(
  parsed: ParsedRequest,
  signals: TermSignals,
  request: RequestSignals,
  requestRanks: RequestRanks,
  index: ProjectIndex,
  d: Derived,
  weights: SignalWeights,
  long: boolean,
) {
  const direct = emptySums(index.files.length);
  const lists: [Uint32Array, number][] = [];
  for (const name of DIRECT) {
    if (!weights[name]) continue;
    const own =
      name === 'mentioned' ||
      name === 'defines' ||
      name === 'scope' ||
      name === 'linked' ||
      name === 'flag';
    lists.push([own ? requestRanks[name] : ranked(signals[name]), weights[name]]);
  }
  fuse(lists, direct);
  if (weights.near)
    fuse([[ranked(nearTop(direct.order, direct.values, direct.has, d)), weights.near]], direct);
  const seeds = new Map(bestOf(direct, SEEDS));
  const graph = weights.graph ? graphScores(seeds, index, d) : new Map<number, number>();

  const fused = copySums(direct);
  fuse(
    [
      [ranked(graph), weights.graph],
      [requestRanks.recent, weights.recent],
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
  const flagDefiners = weights.flag ? flagDefinersOf(parsed.flags, d) : new Set<number>();
  for (const at of fused.order) {
    const role = d.roles[at]!;
    const mentioned = request.mentioned.has(at);
    // A completion is lowered unless asked for by word or by the scope (`_rg: add a group`),
    // or it defines a flag the request names (decision 169).
    const completion =
      ((d.completions.has(at) && !parsed.asks.has('completion') && !flagDefiners.has(at)) ||
        (d.editorPlugins.has(at) && !parsed.asks.has('editor'))) &&
      !request.scope.has(at);
    const declaration = long && d.declarations.has(at) && !parsed.asks.has('types');
    const factor =
      (asked(role) ? 1 : DEMOTION[role]) *
      (completion ? COMPLETION_DEMOTION : 1) *
      (declaration ? DECLARATION_DEMOTION : 1);
    if (mentioned || factor === 1) continue;
    fused.values[at] = fused.values[at]! * factor;
    demoted.add(at);
  }
  if (parsed.asks.has('test')) keepDefiner(fused, request.defines, d);
  return { fused, demoted, graph };
}

/**
 * The project's files for a request, best first: each signal scores the files it knows, the
 * rankings are fused by reciprocal rank, files whose role the request does not ask for are
 * demoted, and the top ones get the reasons a user reads. A long request is read twice: as
 * written, and with its issue title counted twice and `near` fused (issue-shape.ts); the second
 * reading orders the files, but the first file of the first stays first — the title and a
 * hub's neighbours moved the right first file down more often than they lifted one to the top,
 * while below it they lift the files a fix also edits (decision 155). The two readings share
 * what does not depend on the title's weight (decision 158): the request's own signals and
 * their rankings, each term's postings, passages and past messages, read once for both; of
 * the first reading only its first file is sought.
 */
export function rankFiles(
  request: string,
  index: ProjectIndex,
  options: RankOptions & { weights?: SignalWeights } = {},
): RankedFile[] {
  const parsed = parseRequest(request);
  const size = writtenSize(request, parsed);
  const weights = weightsFor(size, options.weights ?? DEFAULT_WEIGHTS);
  const d = derived(index);
  const long = size > LONG_REQUEST_TERMS;
  const read = long ? weighTitle(request, parsed) : parsed;
  const twice = long && (read !== parsed || weights.near !== 0);
  const linked = linkedScores(parsed, index, options.history);
  const flag = flagScores(parsed.flags, index, d);
  const own: RequestSignals = {
    mentioned: mentionedFiles(parsed.mentions, index, parsed.modules),
    linked: linked.scores,
    flag: flag.scores,
    defines: definitionScores(parsed, d),
    scope: scopeScores(parsed, index, d),
    recent: recencyScores(index, options.changedPaths, options.recency),
  };
  const ownRanks: RequestRanks = {
    mentioned: weights.mentioned ? ranked(own.mentioned) : new Uint32Array(0),
    linked: weights.linked ? ranked(own.linked) : new Uint32Array(0),
    flag: weights.flag ? ranked(own.flag) : new Uint32Array(0),
    defines: weights.defines ? ranked(own.defines) : new Uint32Array(0),
    scope: weights.scope ? ranked(own.scope) : new Uint32Array(0),
    recent: weights.recent ? ranked(own.recent) : new Uint32Array(0),
  };
  const readings = twice && read !== parsed ? [read, parsed] : [read];
  const terms = termSignals(readings, index, d, weights.passage !== 0, options);
  const signals = terms[0]!;
  const { fused, demoted, graph } = fuseReading(
    read,
    signals,
    own,
    ownRanks,
    index,
    d,
    weights,
    long,
  );
  const top = options.top ?? 20;
  let order = headOf(index, fused, top);
  if (twice) {
    const asWritten = fuseReading(
      parsed,
      terms.at(-1)!,
      own,
      ownRanks,
      index,
      d,
      {
        ...weights,
        near: 0,
        flag: 0,
      },
      long,
    ).fused;
    const first = headOf(index, asWritten, 1)[0]?.[0];
    if (first !== undefined && fused.has[first] && order[0] && order[0][0] !== first) {
      const moved: [number, number] = [first, Math.max(fused.values[first]!, order[0][1])];
      order = [moved, ...order.filter(([at]) => at !== moved[0])].slice(0, top);
    }
  }

  const firstFile = order[0]?.[0];
  return order.map(([at, score]) => ({
    path: index.files[at]!.path,
    score: Math.round(score * 1e6) / 1e6,
    role: d.roles[at]!,
    ...(demoted.has(at) ? { demoted: true } : {}),
    reasons: reasonsFor(at, {
      parsed: read,
      index,
      d,
      signals: { ...own, ...signals },
      bestPassage: signals.passages?.best,
      linkedRefs: linked.refs,
      flagFiles: flag.flags,
      graph,
      first: firstFile,
      options,
    }),
  }));
}
