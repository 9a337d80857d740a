// The corpus's cases from real commits (decision 113): each small commit of a fetched
// repository as its diff, clean and damaged, and as search/replace blocks and whole files.
import { existsSync } from 'node:fs';
import { seededRandom as random } from '../../../packages/core/src/testing/seeded-random';
import type { Case, Expect } from './case';
import { smallCommits, type Commit } from './commits';
import { blockVariants } from './variants-blocks';
import { damageVariants } from './variants-damage';
import { diffVariants } from './variants-diff';

export const MIRRORS = '/work/.mirror';
/** The repositories the apply code is developed on. */
export const DEVELOPMENT_REPOS = [
  'vitejs+vite',
  'babel+babel',
  'pallets+flask',
  'spf13+cobra',
  'BurntSushi+ripgrep',
];
const COMMITS_PER_REPO = 30;

function commitCases(commit: Commit, seed: number): Case[] {
  const rng = random(seed);
  const make = (variant: string, answer: string, how: Expect = {}): Case => ({
    source: commit.repo,
    variant,
    name: `${commit.repo}@${commit.sha.slice(0, 10)} ${variant}`,
    files: new Map(commit.before),
    answer,
    expect: how.expect ?? commit.after,
    mustFail: how.refuse ?? false,
    ...(how.either ? { either: true } : {}),
  });
  return [
    ...diffVariants(commit, rng, make),
    ...blockVariants(commit, rng, make),
    ...damageVariants(commit, rng, make),
  ];
}

/**
 * The cases of up to 30 small commits of each repository (`owner+name`) whose mirror is
 * fetched, in order; `onMissing` hears of each repository without one.
 */
export function commitCasesOf(
  repos: readonly string[],
  onMissing: (repo: string, gitDir: string) => void = () => {},
): Case[] {
  const cases: Case[] = [];
  for (const repo of repos) {
    const gitDir = `${MIRRORS}/${repo}/repo`;
    if (!existsSync(gitDir)) {
      onMissing(repo, gitDir);
      continue;
    }
    smallCommits(repo.split('+')[1]!, gitDir, COMMITS_PER_REPO).forEach((commit, k) =>
      cases.push(...commitCases(commit, k + 1)),
    );
  }
  return cases;
}
