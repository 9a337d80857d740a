import { type Derived, derived } from './derived';
import { demote } from './demotion';
import { bestOf, copySums, emptySums, fuse, headOf, ranked } from './fusion';
import { flagDefinersOf, flagScores } from './flags';
import { type FlagUse, followScores } from './follow';
import { graphScores } from './graph';
import { historyScores, linkedScores } from './history';
import { nearTop, weighTitle } from './issue-shape';
import { reasonsFor } from './reasons';
import { type TermHit, passageScores } from './passages';
import { type ParsedRequest, parseRequest } from './request';
import {
  type Scores,
  definitionScores,
  lexicalScores,
  mentionedFiles,
  type NamedPackage,
  namedPackages,
  pathScores,
  recencyScores,
  scopeScores,
} from './signals';
import type { ProjectIndex, RankedFile, RankOptions } from './types';
import {
  DEFAULT_WEIGHTS,
  LONG_REQUEST_TERMS,
  type SignalWeights,
  weightsFor,
  writtenSize,
} from './weights';

/** Seeds of the graph: the best files of the direct signals. */
export const SEEDS = 10;

/**
 * The place (0-based) a named package's entry file is moved up to when no file of the package
 * is above it: below the files the signals agree on, within the first ten (decision 203).
 */
export const PACKAGE_PLACE = 5;

/**
 * The order with the entry file of each scoped package the request names (`@babel/generator`,
 * namedPackages) at PACKAGE_PLACE, with the score of the file it passes, when no file of that
 * package is ranked above that place: a report that names a package but whose words meet other
 * packages' files still shows where the named one starts.
 */
function withNamedPackages(
  order: readonly (readonly [number, number])[],
  packages: readonly NamedPackage[],
  index: ProjectIndex,
): [number, number][] {
  let moved = order.map(([at, score]): [number, number] => [at, score]);
  for (const named of packages) {
    const head = moved.slice(0, PACKAGE_PLACE);
    if (head.some(([at]) => index.files[at]!.path.toLowerCase().startsWith(named.folder))) continue;
    const rest = moved.filter(([at]) => at !== named.entry);
    const score = rest[PACKAGE_PLACE]?.[1] ?? rest.at(-1)?.[1] ?? 0;
    moved = [...rest.slice(0, PACKAGE_PLACE), [named.entry, score], ...rest.slice(PACKAGE_PLACE)];
  }
  return moved;
}

/** Signals that read the request's names, mentions, scope and the project's recency: not its terms' weights. */
interface RequestSignals {
  mentioned: Scores;
  linked: Scores;
  flag: Scores;
  follow: Scores;
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
export const DIRECT = [
  'text',
  'passage',
  'path',
  'mentioned',
  'defines',
  'scope',
  'history',
  'linked',
  'flag',
  'follow',
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
      name === 'flag' ||
      name === 'follow';
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
  const flagDefiners = weights.flag ? flagDefinersOf(parsed.flags, d) : new Set<number>();
  const demoted = demote(fused, parsed, request, d, long, flagDefiners);
  return { fused, demoted, graph };
}

/**
 * Whether some file answers the request itself: a direct signal that counts scores it (its
 * text, path, names or scope, a flag or a commit the request names, past commits of a like
 * message). Recent changes and the graph walked from the best files say nothing of the request:
 * alone they would rank the whole folder, so then no file matches (decision 202).
 */
function answersRequest(
  weights: SignalWeights,
  own: RequestSignals,
  terms: readonly TermSignals[],
): boolean {
  const scores = (name: (typeof DIRECT)[number], of: Scores) => weights[name] !== 0 && of.size > 0;
  return (
    (['mentioned', 'defines', 'scope', 'linked', 'flag', 'follow'] as const).some((name) =>
      scores(name, own[name]),
    ) ||
    terms.some((t) =>
      (['text', 'passage', 'path', 'history'] as const).some((name) => scores(name, t[name])),
    )
  );
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
  const follow = weights.follow
    ? followScores(parsed.flags, index, d)
    : { scores: new Map<number, number>(), uses: new Map<number, FlagUse>() };
  const own: RequestSignals = {
    mentioned: mentionedFiles(parsed.mentions, index, parsed.modules),
    linked: linked.scores,
    flag: flag.scores,
    follow: follow.scores,
    defines: definitionScores(parsed, d),
    scope: scopeScores(parsed, index, d),
    recent: recencyScores(index, options.changedPaths, options.recency),
  };
  const ownRanks: RequestRanks = {
    mentioned: weights.mentioned ? ranked(own.mentioned) : new Uint32Array(0),
    linked: weights.linked ? ranked(own.linked) : new Uint32Array(0),
    flag: weights.flag ? ranked(own.flag) : new Uint32Array(0),
    follow: weights.follow ? ranked(own.follow) : new Uint32Array(0),
    defines: weights.defines ? ranked(own.defines) : new Uint32Array(0),
    scope: weights.scope ? ranked(own.scope) : new Uint32Array(0),
    recent: weights.recent ? ranked(own.recent) : new Uint32Array(0),
  };
  const readings = twice && read !== parsed ? [read, parsed] : [read];
  const terms = termSignals(readings, index, d, weights.passage !== 0, options);
  if (!answersRequest(weights, own, terms)) return [];
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
        follow: 0,
      },
      long,
    ).fused;
    const first = headOf(index, asWritten, 1)[0]?.[0];
    if (first !== undefined && fused.has[first] && order[0] && order[0][0] !== first) {
      const moved: [number, number] = [first, Math.max(fused.values[first]!, order[0][1])];
      order = [moved, ...order.filter(([at]) => at !== moved[0])].slice(0, top);
    }
  }

  const packages = namedPackages(parsed.mentions, index);
  order = withNamedPackages(order, packages, index).slice(0, top);

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
      flagUses: follow.uses,
      packages,
      graph,
      first: firstFile,
      options,
    }),
  }));
}
