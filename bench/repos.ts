// Real repositories as corpora for the CLI rows: a commit's files exported once from a git
// directory (`git archive`, so nothing untracked comes along) into the corpora folder, outside
// this repository, and committed there into a git repository of its own, every file force-added
// so that its tracked files are the source commit's. Both tools then walk a real repository with
// its own .gitignore files and git root, as a user's checkout would be (neither lists files with
// git: both walk the tree and apply the ignore files). BENCH_REPOS=name=git-dir[@commit],… picks
// them; by default vite and babel from the local mirrors, at the commits pinned below.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CORPORA_DIR, type Corpus } from './corpora';

interface RepoSource {
  name: string;
  gitDir: string;
  /** A commit, or a ref resolved in the git directory (HEAD when none was given). */
  commit: string;
}

const DEFAULT_REPOS: RepoSource[] = [
  {
    name: 'vite',
    gitDir: '/work/.mirror/vitejs+vite/repo',
    commit: 'a98c8d95d552c6fa98ab66fb810f5b39ad5abf49',
  },
  {
    name: 'babel',
    gitDir: '/work/.mirror/babel+babel/repo',
    commit: '1da3cfa1a25503c7ecba7304f8738933e6d16dca',
  },
];

/** `vite=/path/to/git-dir,babel=/path@<commit>` → sources. */
function sourcesFromEnv(value: string): RepoSource[] {
  return value
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [name, location] = entry.split('=', 2);
      if (!name || !location) throw new Error(`BENCH_REPOS: "${entry}" is not name=git-dir`);
      const at = location.lastIndexOf('@');
      return at > 0
        ? { name, gitDir: location.slice(0, at), commit: location.slice(at + 1) }
        : { name, gitDir: location, commit: 'HEAD' };
    });
}

const git = (args: string[], cwd?: string) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

/** The commit a source names, or null (with the reason) when it cannot be read. */
function resolveCommit(source: RepoSource): { commit: string } | { missing: string } {
  if (!existsSync(source.gitDir)) return { missing: `${source.gitDir} does not exist` };
  try {
    return { commit: git(['--git-dir', source.gitDir, 'rev-parse', `${source.commit}^{commit}`]) };
  } catch {
    return { missing: `${source.gitDir} has no commit ${source.commit}` };
  }
}

/** The marker inside the corpus's own .git: the source commit it was built from. */
const markerOf = (dir: string) => join(dir, '.git', 'promptloom-bench-source');

async function exportRepository(gitDir: string, commit: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const tarball = `${dir}.tar`;
  git(['--git-dir', gitDir, 'archive', '--format=tar', '-o', tarball, commit]);
  execFileSync('tar', ['-xf', tarball, '-C', dir]);
  await rm(tarball);
  git(['init', '-q', '-b', 'main'], dir);
  // Forced: a file the source tracks despite a matching .gitignore line stays tracked here.
  git(['add', '--all', '--force', '.'], dir);
  git(
    [
      '-c',
      'user.name=bench',
      '-c',
      'user.email=bench@localhost',
      'commit',
      '-q',
      '--no-verify',
      '-m',
      `files of ${commit}`,
    ],
    dir,
  );
  const tracked = git(['ls-files'], dir).split('\n').length;
  const source = git(['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', commit]).split(
    '\n',
  ).length;
  if (tracked !== source) {
    throw new Error(`${dir}: ${tracked} files tracked, the source commit has ${source}`);
  }
  await writeFile(markerOf(dir), commit);
}

/** Files and bytes of the corpus: its tracked files (the .git folder left out). */
async function measureRepository(name: string, dir: string, commit: string): Promise<Corpus> {
  let bytes = 0;
  const files = git(['-c', 'core.quotePath=false', 'ls-files'], dir).split('\n');
  for (const file of files) {
    bytes += (await stat(join(dir, file)).catch(() => ({ size: 0 }))).size;
  }
  return { name, dir, files: files.length, bytes, commit };
}

/**
 * The repository corpora (built on first use or when the commit changes); a source that
 * cannot be read is skipped with a printed line, never a failure.
 */
export async function ensureRepoCorpora(): Promise<Corpus[]> {
  const fromEnv = process.env.BENCH_REPOS;
  const sources = fromEnv ? sourcesFromEnv(fromEnv) : DEFAULT_REPOS;
  const corpora: Corpus[] = [];
  for (const source of sources) {
    if (['medium', 'large', 'synthetic', 'tarballs'].includes(source.name)) {
      throw new Error(`BENCH_REPOS: "${source.name}" is the name of another corpus`);
    }
    const resolved = resolveCommit(source);
    if ('missing' in resolved) {
      process.stderr.write(`${source.name}: repository rows skipped (${resolved.missing})\n`);
      continue;
    }
    const dir = join(CORPORA_DIR, source.name);
    const built = existsSync(markerOf(dir)) && readFileSync(markerOf(dir), 'utf8');
    if (built !== resolved.commit) {
      process.stderr.write(`${source.name}: exporting ${resolved.commit} into ${dir}...\n`);
      await exportRepository(source.gitDir, resolved.commit, dir);
    }
    corpora.push(await measureRepository(source.name, dir, resolved.commit));
  }
  return corpora;
}
