import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, testProject } from './support';

interface Ended {
  code: number | null;
  stderr: string;
}

/**
 * Runs `promptloom …` with its stdout (or stderr) read by a reader that stops after the first
 * chunk, as `| head -1` does.
 */
function readFirstChunk(
  args: string[],
  cwd: string,
  stream: 'stdout' | 'stderr',
  options: { closeAtOnce?: boolean; input?: string; env?: Record<string, string> } = {},
): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), PROMPTLOOM_CACHE: '0', ...options.env },
    });
    let stderr = '';
    const closed = child[stream];
    if (options.closeAtOnce) closed.destroy();
    else closed.once('data', () => closed.destroy());
    child.stdin.end(options.input ?? '');
    if (stream === 'stdout')
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    else child.stdout.resume();
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a reader that stops early', () => {
  const files = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [
      `src/file${i}.ts`,
      `export const value${i} = '${'word '.repeat(2000)}';\n`,
    ]),
  );

  it('ends pack quietly with status 0 when stdout closes (| head)', async () => {
    const project = await testProject(files);
    const ended = await readFirstChunk(['pack', '.', '--no-secret-scan'], project.dir, 'stdout');
    expect(ended.stderr).not.toMatch(/EPIPE|Unhandled|error/);
    expect(ended.code).toBe(0);
  });

  it('keeps apply --json’s plan and exit status when stdout is closed', async () => {
    const project = await testProject({ 'a.txt': 'one\n', 'b.txt': 'two\n' });
    const answer = [
      'a.txt',
      '```',
      '<<<<<<< SEARCH',
      'one',
      '=======',
      'ONE',
      '>>>>>>> REPLACE',
      '```',
      '',
      'b.txt',
      '```',
      '<<<<<<< SEARCH',
      'nowhere',
      '=======',
      'TWO',
      '>>>>>>> REPLACE',
      '```',
      '',
    ].join('\n');
    const ended = await readFirstChunk(['apply', '--json', '--dir', '.'], project.dir, 'stdout', {
      closeAtOnce: true,
      input: answer,
      env: { PROMPTLOOM_CACHE_DIR: join(project.dir, '..', `${basename(project.dir)}-cache`) },
    });
    expect(ended.stderr).toContain('failed   b.txt');
    expect(ended.code).toBe(1);
    expect(await readFile(join(project.dir, 'a.txt'), 'utf8')).toBe('ONE\n');
  });

  it('still writes the prompt when stderr closes', async () => {
    const project = await testProject(files);
    const ended = await readFirstChunk(['pack', '.', '--no-secret-scan'], project.dir, 'stderr');
    expect(ended.code).toBe(0);
  });
});
