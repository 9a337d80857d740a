// Real commits of the fetched repositories as pre-image, answer and post-image: the commit's
// own `git diff` is the clean answer, and `variants.ts` writes it the ways models damage it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { git, isText } from './case';

export interface Commit {
  repo: string;
  sha: string;
  /** The diff `git diff -M parent sha` writes. */
  diff: string;
  /** Old side of every touched path (absent: a new file). */
  before: Map<string, string>;
  /** New side of every touched path (null: deleted). */
  after: Map<string, string | null>;
  renamed: boolean;
}

const MAX_FILES = 4;
const MAX_LINES = 160;
const MAX_BYTES = 150_000;

/** Up to `count` recent small text commits of the bare repository at `gitDir`. */
export function smallCommits(repo: string, gitDir: string, count: number): Commit[] {
  const commits: Commit[] = [];
  for (const entry of recentLog(gitDir)) {
    if (commits.length >= count) break;
    const [sha, ...rows] = entry.trim().split('\n').filter(Boolean);
    if (!sha || rows.length === 0 || rows.length > MAX_FILES) continue;
    const counts = rows.map((row) => row.split('\t'));
    if (counts.some(([added, removed]) => added === '-' || removed === '-')) continue;
    const lines = counts.reduce(
      (sum, [added, removed]) => sum + Number(added) + Number(removed),
      0,
    );
    if (lines === 0 || lines > MAX_LINES) continue;
    const commit = readable(() => readCommit(repo, gitDir, sha));
    if (commit) commits.push(commit);
  }
  return commits;
}

/**
 * The `@sha` entries of `git log --numstat` over the 800 latest commits. A snapshot lacks
 * blobs of 4 MiB and more, and git stops at the first commit that needs one: then each
 * commit is read alone, and those that need a missing blob are left out.
 */
function* recentLog(gitDir: string): Generator<string> {
  const args = ['log', '--no-merges', '-M', '--numstat', '--format=@%H'];
  let whole: string;
  try {
    whole = git(gitDir, [...args, '-n', '800', 'HEAD']);
  } catch {
    const shas = git(gitDir, ['log', '--no-merges', '--format=%H', '-n', '800', 'HEAD']);
    for (const sha of shas.split('\n').filter(Boolean)) {
      const entry = readable(() => git(gitDir, [...args, '-n', '1', sha]));
      if (entry) yield entry.slice(1);
    }
    return;
  }
  yield* whole.split('@').slice(1);
}

/** A commit one of whose blobs the snapshot lacks is no case. */
function readable<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function readCommit(repo: string, gitDir: string, sha: string): Commit | null {
  const status = git(gitDir, ['diff', '--name-status', '-M', `${sha}^`, sha])
    .trim()
    .split('\n');
  const before = new Map<string, string>();
  const after = new Map<string, string | null>();
  let renamed = false;
  for (const row of status) {
    const [code, first, second] = row.split('\t') as [string, string, string | undefined];
    if (code.startsWith('R')) renamed = true;
    else if (!/^[AMD]$/.test(code)) return null;
    const oldPath = first;
    const newPath = code.startsWith('R') ? second! : first;
    if (code !== 'A') before.set(oldPath, git(gitDir, ['show', `${sha}^:${oldPath}`]));
    if (code.startsWith('R')) after.set(oldPath, null);
    after.set(newPath, code === 'D' ? null : git(gitDir, ['show', `${sha}:${newPath}`]));
  }
  const texts = [...before.values(), ...after.values()].filter((t): t is string => t !== null);
  if (texts.some((text) => !isText(text) || text.length > MAX_BYTES)) return null;
  // GNU diff -N writes nothing for a new empty file.
  if ([...after].some(([path, text]) => text === '' && !before.has(path))) return null;
  const diff = git(gitDir, ['diff', '-M', '--no-color', '--no-ext-diff', `${sha}^`, sha]);
  if (!diff.includes('@@') && !renamed) return null;
  // Links and submodules are not files an answer edits.
  if (
    /^(new |deleted |old |new )?(file )?mode 1[26]0000/m.test(diff) ||
    /^index \S+ 1[26]0000/m.test(diff)
  )
    return null;
  return { repo, sha, diff, before, after, renamed };
}

/** `diff -ruN a b` of the commit's two sides, as GNU diff writes it (dated headers). */
export function gnuDiff(commit: Commit): string {
  const dir = mkdtempSync(join(tmpdir(), 'apply-corpus-gnu-'));
  try {
    const put = (side: string, path: string, text: string) => {
      mkdirSync(dirname(join(dir, side, path)), { recursive: true });
      writeFileSync(join(dir, side, path), text);
    };
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    for (const [path, text] of commit.before) put('a', path, text);
    for (const [path, text] of commit.after) if (text !== null) put('b', path, text);
    try {
      return execFileSync('diff', ['-ruN', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      return (error as { stdout: string }).stdout;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
