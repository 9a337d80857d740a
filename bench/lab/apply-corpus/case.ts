// One case of the apply development corpus (decision 113): a pre-image folder, an answer, and
// what applying it must give: the post-image (the commit's tree, `git apply`'s result, the
// text Aider's parser read), or a refusal.
import { execFileSync } from 'node:child_process';
import type { SeededRandom } from '../../../packages/core/src/testing/seeded-random';

export interface Case {
  /** Where it comes from: a repository, `aider`, `git-tests`. */
  source: string;
  /** How the answer was written (clean git diff, wrong line numbers, search/replace…). */
  variant: string;
  name: string;
  /** The files before the answer (path → text). */
  files: Map<string, string>;
  answer: string;
  /** Path → text after (null: deleted). */
  expect: Map<string, string | null>;
  /**
   * The answer must fail (exit 1): some block of it cannot be applied with certainty. Files
   * it writes anyway must then hold their `expect` text.
   */
  mustFail: boolean;
  /**
   * Refusing is as right as applying (a block that may be found twice ignoring white space):
   * what it writes must still be `expect`.
   */
  either?: boolean;
}

export type Rng = SeededRandom;

/** `git --git-dir=DIR …`, its output as text. */
export function git(gitDir: string, args: string[], input?: string): string {
  return execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    input,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
}

/** Text that is worth a case: no NUL, no replacement character (not UTF-8). */
export const isText = (text: string) => !text.includes('\0') && !text.includes('\uFFFD');

/** A fence longer than any run of backticks in `text` (CommonMark). */
export function fenceFor(text: string): string {
  const runs = text.match(/`{3,}/g) ?? [];
  const longest = Math.max(2, ...runs.map((run) => run.length));
  return '`'.repeat(longest + 1);
}

export interface Expect {
  refuse?: boolean;
  either?: boolean;
  expect?: Map<string, string | null>;
}
export type Make = (variant: string, answer: string, how?: Expect) => Case;
