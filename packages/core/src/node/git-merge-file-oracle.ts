import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type GitMode = 'default' | '--ours' | '--theirs' | '--union';

/** `git merge-file -p` of the three texts: the reference for every generated case. */
export function gitMergeFile(base: string, mine: string, theirs: string, mode: GitMode) {
  const dir = mkdtempSync(join(tmpdir(), 'promptloom-merge-'));
  try {
    writeFileSync(join(dir, 'base'), base);
    writeFileSync(join(dir, 'mine'), mine);
    writeFileSync(join(dir, 'theirs'), theirs);
    const args = ['merge-file', '-p', ...(mode === 'default' ? [] : [mode]), 'mine', 'base'];
    const run = spawnSync('git', [...args, 'theirs'], { cwd: dir, encoding: 'utf8' });
    if (run.status === null || run.status < 0) throw new Error(run.stderr);
    return { conflicts: run.status, text: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
