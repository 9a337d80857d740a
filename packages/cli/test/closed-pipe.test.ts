import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
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
function readFirstChunk(args: string[], cwd: string, stream: 'stdout' | 'stderr'): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), PROMPTLOOM_CACHE: '0' },
    });
    let stderr = '';
    const closed = child[stream];
    closed.once('data', () => closed.destroy());
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

  it('still writes the prompt when stderr closes', async () => {
    const project = await testProject(files);
    const ended = await readFirstChunk(['pack', '.', '--no-secret-scan'], project.dir, 'stderr');
    expect(ended.code).toBe(0);
  });
});
