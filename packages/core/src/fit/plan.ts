import type { AnswerFormatMode } from '../prompt/answer-format';
import type { FileInclusionMode } from '../prompt/segments';
import { type ModeTokens, tokensIn } from './modes';
import { type FileRole, fileRole, requestNames } from './roles';

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
  /** The user's request: the files it names are trimmed last (decision 052). */
  request?: string;
  /**
   * The files ranked for the request, best first (suggest/rankFiles): files outside it are
   * trimmed first, then these from the least relevant up (decision 096).
   */
  relevance?: readonly string[];
  /** With search/replace or a diff, the named files and the top ranked one are never outlined. */
  answerFormat?: AnswerFormatMode;
}

export interface FitChange {
  path: string;
  from: FileInclusionMode;
  to: FileInclusionMode;
  /** Tokens this change saves. */
  saved: number;
  /** Why it went when it did: what the file is to the prompt (fileRole). */
  role: FileRole;
}

export interface FitPlan {
  before: number;
  after: number;
  budget: number;
  /** In the order they were chosen. */
  changes: FitChange[];
  /** false: even with every unpinned file as a path the prompt stays over the budget. */
  fits: boolean;
  /**
   * Files kept whole although the prompt is still over the budget: the answer format edits
   * them by quoting their text, which an outline or a path cannot give (decision 096). Present
   * only when the plan does not fit because of them.
   */
  keptWhole?: string[];
}

/** Largest first; the path breaks ties so the plan never depends on the input order. */
function bySizeThenPath(size: (file: FitFile) => number) {
  return (a: FitFile, b: FitFile) => size(b) - size(a) || (a.path < b.path ? -1 : 1);
}

/**
 * The order files are trimmed in (decision 052): each tier in turn, from what a prompt needs
 * least to the files the request names. A tier that drops goes straight to paths (an outline
 * of a licence, a lock file or a bundle tells nothing); the others are outlined first.
 */
const TIERS: readonly { roles: readonly FileRole[]; drop: boolean }[] = [
  { roles: ['licence', 'lockfile', 'changelog'], drop: true },
  { roles: ['generated', 'vendored'], drop: true },
  { roles: ['fixture'], drop: true },
  { roles: ['asset'], drop: true },
  { roles: ['test'], drop: false },
  { roles: ['docs'], drop: true },
  { roles: ['readme', 'source'], drop: false },
];

/**
 * The budget planner: a pure function of the files, their tokens per mode, the budget, the
 * pins and the request. Tier by tier (TIERS over the files the request does not name, then
 * over those it names), it outlines the largest full files that have an outline, then turns
 * the largest remaining ones into paths, and stops as soon as the prompt fits. Pinned files
 * are never touched. When the prompt already fits, the plan is empty.
 */
export function planFit(input: FitInput): FitPlan {
  const modes = new Map(input.files.map((file) => [file.path, file.mode]));
  const cost = (file: FitFile) => tokensIn(file.tokens, modes.get(file.path)!);
  let total = input.otherTokens + input.files.reduce((sum, file) => sum + cost(file), 0);
  const before = total;
  const changes: FitChange[] = [];
  const movable = input.files.filter((file) => !file.pinned);
  const roles = new Map(movable.map((file) => [file.path, fileRole(file.path)]));

  const apply = (file: FitFile, to: FileInclusionMode) => {
    const from = modes.get(file.path)!;
    const saved = cost(file) - tokensIn(file.tokens, to);
    if (saved <= 0) return;
    const earlier = changes.findIndex((change) => change.path === file.path);
    // A file outlined and then made a path is one change, full → path.
    if (earlier === -1) {
      changes.push({ path: file.path, from, to, saved, role: roles.get(file.path)! });
    } else {
      changes[earlier] = { ...changes[earlier]!, to, saved: changes[earlier]!.saved + saved };
    }
    modes.set(file.path, to);
    total -= saved;
  };

  const trim = (files: readonly FitFile[], drop: boolean) => {
    if (!drop) {
      const outlinable = files
        .filter((file) => modes.get(file.path) === 'full' && file.tokens.outline !== undefined)
        .sort(bySizeThenPath((file) => file.tokens.full));
      for (const file of outlinable) {
        if (total <= input.budget) return;
        apply(file, 'outline');
      }
    }
    const toPath = files
      .filter((file) => modes.get(file.path) !== 'path')
      .sort(bySizeThenPath(cost));
    for (const file of toPath) {
      if (total <= input.budget) return;
      apply(file, 'path');
    }
  };

  const named = requestNames(input.request ?? '');
  const ranked = input.relevance ?? [];
  const rankOf = new Map(ranked.map((path, rank) => [path, rank]));
  const editing = input.answerFormat === 'search-replace' || input.answerFormat === 'unified-diff';
  // An editing answer quotes the file's text: the files the request is about stay whole.
  const keep = new Set(
    editing
      ? movable.filter((file) => named(file.path) || file.path === ranked[0]).map((f) => f.path)
      : [],
  );
  const tiered = (group: readonly FitFile[]) => {
    for (const tier of TIERS) {
      if (total <= input.budget) break;
      const roleIn = (file: FitFile) => tier.roles.includes(roles.get(file.path)!);
      trim(group.filter(roleIn), tier.drop);
    }
  };
  const trimmable = movable.filter((file) => !keep.has(file.path));
  // Every tier among the files the request is not about (not ranked, not named), then the
  // ranked ones from the least relevant up (or, with no ranking, every tier among the named).
  tiered(trimmable.filter((file) => !rankOf.has(file.path) && !named(file.path)));
  const about = trimmable.filter((file) => rankOf.has(file.path) || named(file.path));
  if (ranked.length === 0) tiered(about);
  else trimRanked(about, (file) => rankOf.get(file.path) ?? -1);
  giveBack();
  const keptWhole = total > input.budget ? [...keep].sort() : [];
  const plan = { before, after: total, budget: input.budget, changes, fits: total <= input.budget };
  return keptWhole.length > 0 ? { ...plan, keptWhole } : plan;

  /**
   * A path saves a file's whole outline at once, so the last trim can leave more room than it
   * needed: the trimmed files get their own mode back while it fits, most important first (the
   * files the request is about before the others, by rank; then by role, most needed first),
   * and the first that does not fit ends it, so no less important file gets more room.
   */
  function giveBack() {
    const byPath = new Map(movable.map((file) => [file.path, file]));
    const tier = (role: FileRole) => TIERS.findIndex((t) => t.roles.includes(role));
    const about = (path: string) => rankOf.has(path) || named(path);
    const weight = (change: FitChange, index: number) => [
      about(change.path) ? 1 : 0,
      ranked.length > 0 && about(change.path)
        ? -(rankOf.get(change.path) ?? -1)
        : tier(change.role),
      index,
    ];
    const order = changes
      .map((change, index) => ({ change, key: weight(change, index) }))
      .sort((a, b) => b.key[0]! - a.key[0]! || b.key[1]! - a.key[1]! || b.key[2]! - a.key[2]!);
    const given = new Set<FitChange>();
    for (const { change } of order) {
      const file = byPath.get(change.path)!;
      const back = tokensIn(file.tokens, change.from) - cost(file);
      if (total + back > input.budget) break;
      modes.set(file.path, change.from);
      total += back;
      given.add(change);
    }
    if (given.size > 0) changes.splice(0, changes.length, ...changes.filter((c) => !given.has(c)));
  }

  /** Least relevant first: outlines (or paths, for roles that drop), then paths. */
  function trimRanked(files: readonly FitFile[], rank: (file: FitFile) => number) {
    const order = [...files].sort((a, b) => rank(b) - rank(a) || (a.path < b.path ? -1 : 1));
    for (const file of order) {
      if (total <= input.budget) return;
      const drops = TIERS.some((tier) => tier.drop && tier.roles.includes(roles.get(file.path)!));
      if (drops) apply(file, 'path');
      else if (modes.get(file.path) === 'full' && file.tokens.outline !== undefined) {
        apply(file, 'outline');
      }
    }
    for (const file of order) {
      if (total <= input.budget) return;
      apply(file, 'path');
    }
  }
}
