// Co-change: files that past commits changed together with the request's best files.
import type { Derived } from './derived';
import type { Sums } from './fusion';
import { bestOf } from './fusion';
import type { Scores } from './signals';
import type { PastChange, ProjectIndex } from './types';

/** The best files of the direct signals whose past changes vote. */
const SEEDS = 5;
/** A change of more files than this says little about which files go together. */
const MAX_FILES = 10;

/** SCRATCH knobs of the measurement (read from the weights object; removed before keeping). */
export interface CoChangeKnobs {
  coSeeds?: number;
  coMax?: number;
  coNorm?: number;
  coRoles?: number;
  /** 1: the request's named files are the seeds (none named, no seed); 2: added to the best. */
  coMention?: number;
}

/**
 * Files changed together with the best files of the direct signals in past commits: each past
 * change of at most MAX_FILES files that touched a seed gives the other source files it
 * touched the seed's share of the top direct score, divided among them. A fix that edits a
 * module often edits the helper or the sibling its past fixes edited with it.
 */
export function coChangeScores(
  direct: Sums,
  index: ProjectIndex,
  history: readonly PastChange[] | undefined,
  d: Derived,
  knobs: CoChangeKnobs = {},
  mentioned?: Scores,
): Scores {
  const scores: Scores = new Map();
  if (!history?.length) return scores;
  const seeds = new Map(knobs.coMention === 1 ? [] : bestOf(direct, knobs.coSeeds ?? SEEDS));
  if (knobs.coMention) {
    const head = Math.max(1e-9, ...seeds.values());
    for (const at of mentioned?.keys() ?? []) seeds.set(at, Math.max(seeds.get(at) ?? 0, head));
  }
  const top = Math.max(0, ...seeds.values());
  if (top === 0) return scores;
  const max = knobs.coMax ?? MAX_FILES;
  const changes = new Map<number, number>();
  if (knobs.coNorm) {
    for (const change of history) {
      if (change.paths.length > max) continue;
      for (const path of change.paths) {
        const file = index.byPath.get(path);
        if (file !== undefined) changes.set(file, (changes.get(file) ?? 0) + 1);
      }
    }
  }
  for (const change of history) {
    if (change.paths.length < 2 || change.paths.length > max) continue;
    const files = change.paths.flatMap((path) => {
      const file = index.byPath.get(path);
      return file === undefined ? [] : [file];
    });
    for (const seed of files) {
      const weight = seeds.get(seed);
      if (weight === undefined) continue;
      for (const file of files) {
        if (file === seed || (!knobs.coRoles && d.roles[file] !== 'source')) continue;
        const lift = knobs.coNorm ? (changes.get(file) ?? 1) ** knobs.coNorm : 1;
        scores.set(file, (scores.get(file) ?? 0) + weight / top / (files.length - 1) / lift);
      }
    }
  }
  return scores;
}
