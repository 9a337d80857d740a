// The development set of the suggest ranker, built at run time from real histories: each
// commit's message is a request, the non-test files it modified are the gold, and the tree
// the request is ranked against is the commit's parent. Repositories come from the local
// mirrors (the session's `fetch` brings them to /work/.mirror) and this repository's own
// history; nothing fetched is committed. A commit whose hash starts with 0–3 is held out: the
// dev runs never read it (SUGGEST_HELDOUT=1 measures it, once, at the end).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  IgnoreMatcher,
  type PastChange,
  fileRole,
  hasBinaryExtension,
} from '@promptloom/core';

export interface HistoryRepo {
  name: string;
  gitDir: string;
  /** Most recent qualifying commits taken. */
  commits: number;
  /** Where the history is read back from (default HEAD). */
  rev?: string;
  /** Read only for the issue-text set (issues.ts): the commit set leaves it out. */
  issuesOnly?: boolean;
}

export interface Task {
  repo: string;
  sha: string;
  parent: string;
  request: string;
  gold: string[];
  heldOut: boolean;
  /** The fix commit's first line when the request is not its message (the issue-text set). */
  subject?: string;
}

const MIRROR = process.env.SUGGEST_MIRROR ?? '/work/.mirror';

/** The split every set shares: a commit whose hash starts with 0–3 is held out. */
export const isHeldOut = (sha: string) => /^[0-3]/.test(sha);

export function historyRepos(options: { issues?: boolean } = {}): HistoryRepo[] {
  const own = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  }).trim();
  const repos: HistoryRepo[] = [
    { name: 'vite', gitDir: join(MIRROR, 'vitejs+vite/repo'), commits: 80 },
    { name: 'babel', gitDir: join(MIRROR, 'babel+babel/repo'), commits: 60 },
    { name: 'flask', gitDir: join(MIRROR, 'pallets+flask/repo'), commits: 60 },
    { name: 'cobra', gitDir: join(MIRROR, 'spf13+cobra/repo'), commits: 50 },
    { name: 'ripgrep', gitDir: join(MIRROR, 'BurntSushi+ripgrep/repo'), commits: 60 },
    ...(
      [
        ['click', 'pallets+click'],
        ['black', 'psf+black'],
        ['httpx', 'encode+httpx'],
        ['fd', 'sharkdp+fd'],
        ['fzf', 'junegunn+fzf'],
        ['rich', 'Textualize+rich'],
        ['httpie', 'httpie+cli'],
        ['marshmallow', 'marshmallow-code+marshmallow'],
        ['pipx', 'pypa+pipx'],
        ['jinja', 'pallets+jinja'],
        ['attrs', 'python-attrs+attrs'],
        ['sqlalchemy', 'sqlalchemy+sqlalchemy'],
        ['pip', 'pypa+pip'],
        ['celery', 'celery+celery'],
        ['poetry', 'python-poetry+poetry'],
        ['ansible', 'ansible+ansible'],
      ] as const
    ).map(([name, dir]) => ({
      name,
      gitDir: join(MIRROR, dir, 'repo'),
      commits: 0,
      issuesOnly: true,
    })),
    {
      name: 'promptloom',
      gitDir: own,
      commits: 80,
      // This repository moves while one works on it: pin it to compare runs.
      rev: process.env.SUGGEST_PROMPTLOOM_REV ?? 'HEAD',
    },
  ];
  const only = process.env.SUGGEST_REPOS?.split(',');
  return repos.filter(
    (repo) =>
      existsSync(repo.gitDir) &&
      (!repo.issuesOnly || options.issues) &&
      (!only || only.includes(repo.name)),
  );
}

export const git = (gitDir: string, args: string[], input?: string) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });

const matcher = IgnoreMatcher.create({ corePatterns: [...CORE_SYSTEM_IGNORE_PATTERNS] });

/** Files a user would pack: not ignored by the core list, not binary, under 1 MB. */
export function packable(path: string, size: number): boolean {
  return size <= 1_048_576 && !hasBinaryExtension(path) && !matcher.isPathIgnored(path);
}

/** Gold roles: what a fix edits (tests, fixtures, docs and the like are not the answer). */
const GOLD_ROLES = new Set(['source', 'readme']);
const CHORE =
  /^(?:release|chore\(deps|chore\(release|bump|v?\d+\.\d+|merge|revert|publish|update dependency|version)/i;

/** Subject and body without trailers (Co-authored-by, Signed-off-by). */
function requestOf(subject: string, body: string): string {
  const kept = body
    .split('\n')
    .filter((line) => !/^[\w-]+-by:|^Change-Id:|^\(cherry picked/i.test(line))
    .join('\n')
    .trim();
  return kept ? `${subject}\n\n${kept}` : subject;
}

export function tasksOf(repo: HistoryRepo): Task[] {
  const log = git(repo.gitDir, [
    'log',
    '--no-merges',
    '--diff-filter=M',
    '--name-only',
    '--format=%x1e%H%x00%P%x00%s%x00%b%x00',
    '-n',
    String(repo.commits * 6),
    repo.rev ?? 'HEAD',
  ]);
  const tasks: Task[] = [];
  for (const record of log.split('\x1e').slice(1)) {
    const [sha, parents, subject, body, files] = record.split('\x00');
    if (!sha || !parents || parents.includes(' ') || CHORE.test(subject!.trim())) continue;
    const changed = files!.split('\n').filter(Boolean);
    const gold = changed.filter((path) => GOLD_ROLES.has(fileRole(path)) && packable(path, 0));
    if (gold.length === 0 || gold.length > 5 || changed.length > 15) continue;
    const request = requestOf(subject!.trim(), body!.trim());
    if (request.split(/\s+/).length < 3) continue;
    tasks.push({
      repo: repo.name,
      sha,
      parent: parents,
      request,
      gold,
      heldOut: isHeldOut(sha),
    });
    if (tasks.length >= repo.commits) break;
  }
  return tasks.reverse(); // oldest first: consecutive trees share most blobs
}

/** The packable files of a commit's tree: path → blob id. */
export function treeOf(gitDir: string, commit: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const line of git(gitDir, ['ls-tree', '-r', '-l', commit]).split('\n')) {
    const match = /^\d+ blob ([0-9a-f]+)\s+(\d+)\t(.+)$/.exec(line);
    if (match && packable(match[3]!, Number(match[2]))) files.set(match[3]!, match[1]!);
  }
  return files;
}

/** Blob texts, in one `git cat-file --batch` call. */
export function readBlobs(gitDir: string, blobs: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  const chunk = 4000;
  for (let from = 0; from < blobs.length; from += chunk) {
    const ids = blobs.slice(from, from + chunk);
    const out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
      input: ids.join('\n') + '\n',
      maxBuffer: 1 << 30,
    });
    let at = 0;
    for (const id of ids) {
      const headerEnd = out.indexOf(10, at);
      const header = out.subarray(at, headerEnd).toString();
      const size = Number(header.split(' ')[2]);
      texts.set(id, out.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
      at = headerEnd + 1 + size + 1;
    }
  }
  return texts;
}

/**
 * The CLI's recency signal as it would have been at the commit: the files of the 20 commits
 * before it, weighted and left out as core/node/git-recency.ts weighs and leaves them out.
 */
export function recencyAt(gitDir: string, commit: string): Map<string, number> {
  const log = git(gitDir, ['log', '-n20', '--name-only', '--format=%x1e%P', commit]);
  const recency = new Map<string, number>();
  log
    .split('\x1e')
    .slice(1)
    .forEach((block, age) => {
      // A commit without a parent adds the whole tree, a sweep of more than 50 files says
      // nothing of where work went: both left out, as the CLI leaves them out.
      const [parents = '', ...lines] = block.split('\n');
      const paths = lines.filter(Boolean);
      if (!parents.trim() || paths.length > 50) return;
      for (const path of paths) {
        if (!recency.has(path)) recency.set(path, 0.8 * (1 - age / 20));
      }
    });
  return recency;
}

/** Past changes the CLI reads (core/node/git-recency.ts `gitHistory`), as of a commit. */
export const HISTORY_COMMITS = 300;

/**
 * The CLI's history signal as it would have been at the commit: the messages and files of
 * the commits before it. A commit of the same subject as the task (a cherry-pick of the very
 * change to another branch) is left out: the set measures finding files, not finding twins.
 */
export function historyAt(gitDir: string, commit: string, request: string): PastChange[] {
  const subject = request.split('\n')[0]!.trim();
  const log = git(gitDir, [
    'log',
    '--no-merges',
    `-n${HISTORY_COMMITS}`,
    '--name-only',
    '--format=%x1e%H%x00%B%x00',
    commit,
  ]);
  const changes: PastChange[] = [];
  for (const record of log.split('\x1e').slice(1)) {
    const [sha, message, files] = record.split('\x00');
    if (message!.split('\n')[0]!.trim() === subject) continue;
    changes.push({
      message: message!.trim(),
      paths: files!.split('\n').filter(Boolean),
      sha: sha!.trim(),
    });
  }
  return changes;
}
