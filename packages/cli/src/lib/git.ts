import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CliError, EXIT } from './errors';

const run = promisify(execFile);

async function git(dir: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split('\n')[0];
    throw new CliError(
      `git ${args[0]} failed in ${dir}: ${stderr || 'is git installed?'}`,
      EXIT.usage,
    );
  }
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/**
 * Files changed against `ref` (working tree and index against the ref; HEAD by default),
 * plus untracked files, as paths relative to `dir`. Deleted files are listed by git but are
 * not on disk, so the scan never finds them.
 */
export async function changedFiles(dir: string, ref = 'HEAD'): Promise<Set<string>> {
  const [changed, untracked] = await Promise.all([
    git(dir, ['diff', '--name-only', '--relative', '--no-renames', ref, '--']),
    git(dir, ['ls-files', '--others', '--exclude-standard']),
  ]);
  return new Set([...lines(changed), ...lines(untracked)]);
}
