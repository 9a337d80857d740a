// One reading of a request fused: its signals' rankings by reciprocal rank, the graph
// walked from the best files, the roles it does not ask for demoted.
import type { Derived } from './derived';
import { demote } from './demotion';
import { bestOf, copySums, emptySums, fuse, ranked } from './fusion';
import { flagDefinersOf } from './flags';
import { graphScores } from './graph';
import { nearTop } from './issue-shape';
import type { ParsedRequest } from './request';
import type { RequestRanks, RequestSignals, TermSignals } from './rank-signals';
import type { Scores } from './signals';
import type { ProjectIndex } from './types';
import type { SignalWeights } from './weights';

/** Seeds of the graph: the best files of the direct signals. */
export const SEEDS = 10;

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
export function fuseReading(
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
export function answersRequest(
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
