import type { FileInclusionMode } from '../prompt/segments';
import { type ModeTokens, tokensIn } from './modes';

export interface FitFile {
  path: string;
  mode: FileInclusionMode;
  tokens: ModeTokens;
  /** The user chose Full for this file: the plan never changes it. */
  pinned?: boolean;
}

export interface FitInput {
  files: readonly FitFile[];
  /** Tokens of everything that is not a file (blocks, request, tree, separators). */
  otherTokens: number;
  budget: number;
}

export interface FitChange {
  path: string;
  from: FileInclusionMode;
  to: FileInclusionMode;
  /** Tokens this change saves. */
  saved: number;
}

export interface FitPlan {
  before: number;
  after: number;
  budget: number;
  /** In the order they were chosen. */
  changes: FitChange[];
  /** false: even with every unpinned file as a path the prompt stays over the budget. */
  fits: boolean;
}

/** Largest first; the path breaks ties so the plan never depends on the input order. */
function bySizeThenPath(size: (file: FitFile) => number) {
  return (a: FitFile, b: FitFile) => size(b) - size(a) || (a.path < b.path ? -1 : 1);
}

/**
 * The budget planner: a pure function of the files, their tokens per mode, the budget and
 * the pins. First it outlines the largest full files that have an outline, one by one until
 * the prompt fits; then it turns the largest remaining files (full or outlined) into paths.
 * Pinned files are never touched. When the prompt already fits, the plan is empty.
 */
export function planFit(input: FitInput): FitPlan {
  const modes = new Map(input.files.map((file) => [file.path, file.mode]));
  const cost = (file: FitFile) => tokensIn(file.tokens, modes.get(file.path)!);
  let total = input.otherTokens + input.files.reduce((sum, file) => sum + cost(file), 0);
  const before = total;
  const changes: FitChange[] = [];
  const movable = input.files.filter((file) => !file.pinned);

  const apply = (file: FitFile, to: FileInclusionMode) => {
    const from = modes.get(file.path)!;
    const saved = cost(file) - tokensIn(file.tokens, to);
    if (saved <= 0) return;
    const earlier = changes.findIndex((change) => change.path === file.path);
    // A file outlined and then made a path is one change, full → path.
    if (earlier === -1) changes.push({ path: file.path, from, to, saved });
    else changes[earlier] = { ...changes[earlier]!, to, saved: changes[earlier]!.saved + saved };
    modes.set(file.path, to);
    total -= saved;
  };

  const outlinable = movable
    .filter((file) => modes.get(file.path) === 'full' && file.tokens.outline !== undefined)
    .sort(bySizeThenPath((file) => file.tokens.full));
  for (const file of outlinable) {
    if (total <= input.budget) break;
    apply(file, 'outline');
  }
  const toPath = movable
    .filter((file) => modes.get(file.path) !== 'path')
    .sort(bySizeThenPath(cost));
  for (const file of toPath) {
    if (total <= input.budget) break;
    apply(file, 'path');
  }
  return { before, after: total, budget: input.budget, changes, fits: total <= input.budget };
}
