import { execFile } from 'node:child_process';
import type { PastChange } from '../suggest/types';

/** Commits looked at: the work of the last days, not the project's history. */
const RECENT_COMMITS = 20;
/**
 * A commit of more files than this is a sweep (a reformat, a licence header, a move): it says
 * nothing of where work went. Over the mirrored projects' last 1,000 commits each, those past
 * 50 files are mostly such sweeps; a share of the tracked files misjudged small projects.
 */
const SWEEP_FILES = 50;

function git(dir: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile('git', ['-C', dir, ...args], { maxBuffer: 1 << 26 }, (error, stdout) =>
      resolve(error ? '' : stdout),
    );
  });
}

/**
 * What changed recently in a folder's git history, for the ranker's recency signal: files
 * changed in the working tree weigh 1, files of the last commits weigh less the older the
 * commit. A commit without a parent is left out: the first commit, or the oldest of a shallow
 * clone (`git clone --depth 1`), adds the whole tree, which says nothing about where work went
 * and gave every file the same "changed in recent commits"; so is a sweep of more than
 * SWEEP_FILES files. Paths relative to `dir`; an empty map outside a repository or without git.
 */
export async function gitRecency(dir: string): Promise<Map<string, number>> {
  const [status, log] = await Promise.all([
    git(dir, ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--', '.']),
    git(dir, [
      'log',
      `-n${RECENT_COMMITS}`,
      '--relative',
      '--name-only',
      '--format=%x1e%P',
      '--',
      '.',
    ]),
  ]);
  const recency = new Map<string, number>();
  log
    .split('\x1e')
    .slice(1)
    .forEach((commit, age) => {
      // The first line holds the parents' hashes, empty for a commit without one.
      const [parents = '', ...lines] = commit.split('\n');
      const paths = lines.filter(Boolean);
      if (!parents.trim() || paths.length > SWEEP_FILES) return;
      for (const path of paths) {
        if (!recency.has(path)) recency.set(path, 0.8 * (1 - age / RECENT_COMMITS));
      }
    });
  // Porcelain paths are relative to the repository root: made relative to `dir` below.
  const prefix = (await git(dir, ['rev-parse', '--show-prefix'])).trim();
  for (const record of status.split('\0')) {
    const path = record.slice(3);
    if (path && path.startsWith(prefix)) recency.set(path.slice(prefix.length), 1);
  }
  return recency;
}

/** Past commits read for the history signal: a project's last months, a log of a few hundred KB. */
const HISTORY_COMMITS = 300;

/**
 * The folder's past changes for the ranker's history signal, newest first: each commit's
 * message and the files it changed (relative to `dir`, merges left out). Empty outside a
 * repository or without git.
 */
export async function gitHistory(dir: string): Promise<PastChange[]> {
  const log = await git(dir, [
    'log',
    '--no-merges',
    `-n${HISTORY_COMMITS}`,
    '--relative',
    '--name-only',
    '--format=%x1e%H%x00%B%x00',
    '--',
    '.',
  ]);
  return log
    .split('\x1e')
    .slice(1)
    .map((record) => {
      const [sha = '', message = '', files = ''] = record.split('\x00');
      return { message: message.trim(), paths: files.split('\n').filter(Boolean), sha: sha.trim() };
    });
}
