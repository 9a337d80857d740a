import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The reference for paths in tests: whether git refuses to put a path in its index with
 * both platforms' protections on (`core.protectNTFS`, `core.protectHFS`), as it refuses
 * to check out a tree holding a spelling of `.git`. `dispose` removes its repository.
 */
export function gitPathOracle(): { refuses: (path: string) => boolean; dispose: () => void } {
  const repo = mkdtempSync(join(tmpdir(), 'promptloom-dotgit-'));
  execFileSync('git', ['init', '-q', repo]);
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], {
    cwd: repo,
    input: 'x\n',
    encoding: 'utf8',
  }).trim();
  const refuses = (path: string) =>
    spawnSync(
      'git',
      [
        ...['-c', 'core.protectNTFS=true', '-c', 'core.protectHFS=true'],
        ...['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`],
      ],
      { cwd: repo, encoding: 'utf8' },
    ).status !== 0;
  return { refuses, dispose: () => rmSync(repo, { recursive: true, force: true }) };
}
