import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/free-port';

const root = path.resolve(import.meta.dirname, '..');

/** `npm start`'s script as a newcomer runs it, its output read as they would read it. */
describe('npm start', () => {
  it('prints readable lines: the address, a line per request, "shutting down" on Ctrl-C', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-start-'));
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The API only (the web build is another test's); a terminal's format, asked for
        // since this output is a pipe.
        WEB_DIST_DIR: 'none',
        LOG_FORMAT: 'pretty',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    try {
      await expect
        .poll(() => output, { timeout: 180_000, interval: 200 })
        .toContain(`Promptloom is running at ${url}`);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect((await fetch(`${url}/api/no-such-route`)).status).toBe(404);
      await expect
        .poll(() => output, { timeout: 10_000 })
        .toMatch(/^\d\d:\d\d:\d\d GET \/api\/no-such-route 404 \d+ ms$/m);
      const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
      child.kill('SIGINT');
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    }
    const lines = output.trim().split('\n');
    expect(lines.find((l) => l.includes('running at'))).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d Promptloom is running at ${url.replace(/\./g, '\\.')}$`),
    );
    expect(output).toMatch(/^\d\d:\d\d:\d\d SIGINT received: shutting down$/m);
    expect(output).not.toMatch(/not ready/);
    // Routine requests stay at debug; nothing is a JSON record.
    expect(output).not.toContain('/api/health');
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
  }, 240_000);

  it('builds the web app with no warning to mistake for an error', async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-web-build-'));
    try {
      // The command scripts/start.mjs runs, into a folder of its own.
      const build = spawnSync(
        process.platform === 'win32' ? 'npm.cmd' : 'npm',
        [
          'run',
          '--silent',
          'build',
          '-w',
          '@promptloom/web',
          '--',
          '--logLevel',
          'warn',
          '--outDir',
          outDir,
          '--emptyOutDir',
        ],
        { cwd: root, encoding: 'utf8' },
      );
      expect(build.status).toBe(0);
      expect(`${build.stdout}${build.stderr}`).toBe('');
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 300_000);
});
