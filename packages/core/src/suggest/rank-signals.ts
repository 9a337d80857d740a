// The signals of a request: its own (names, mentions, scope, recency), once for all its
// readings, and its terms' for each reading.
import type { Derived } from './derived';
import { flagScores } from './flags';
import { type FlagUse, followScores } from './follow';
import { ranked } from './fusion';
import { historyScores, linkedScores } from './history';
import { REPORT_ERROR_WORDS } from './issue-shape';
import { type TermHit, passageScores } from './passages';
import type { ParsedRequest } from './request';
import {
  type Scores,
  definitionScores,
  lexicalScores,
  mentionedFiles,
  pathScores,
  recencyScores,
  scopeScores,
} from './signals';
import type { ProjectIndex, RankOptions } from './types';
import type { SignalWeights } from './weights';

/** Signals that read the request's names, mentions, scope and the project's recency: not its terms' weights. */
export interface RequestSignals {
  mentioned: Scores;
  linked: Scores;
  flag: Scores;
  follow: Scores;
  defines: Scores;
  scope: Scores;
  recent: Scores;
}

/** Signals that read the request's terms with their weights, for one reading of it. */
export interface TermSignals {
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
export function termSignals(
  readings: readonly ParsedRequest[],
  index: ProjectIndex,
  d: Derived,
  passage: boolean,
  options: RankOptions,
): TermSignals[] {
  const hits = readings.map((): TermHit[] => []);
  const text = lexicalScores(readings, index, hits);
  const passages = passage ? passageScores(hits, index) : null;
  const path = pathScores(readings, index, d, passage ? REPORT_ERROR_WORDS : undefined);
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
export type RequestRanks = Record<keyof RequestSignals, Uint32Array>;

/**
 * The request's own signals (names, mentions, scope, recency) and their rankings, made once
 * for all its readings, with what the reasons read of the linked, flag and follow signals.
 */
export function requestSignals(
  parsed: ParsedRequest,
  index: ProjectIndex,
  d: Derived,
  weights: SignalWeights,
  options: RankOptions,
) {
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
  return { own, ownRanks, linked, flag, follow };
}
