import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Starts the real server process (main.ts) with `env` and waits for it to end. */
async function start(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main.ts')],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        WEB_DIST_DIR: 'none',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'x'.repeat(40),
        ...env,
      },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, lines: stderr.trim().split('\n') };
}

/** One line naming the cause and the fix, no stack, a non-zero exit. */
function expectOneLine(result: Awaited<ReturnType<typeof start>>, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.lines).toHaveLength(1);
  expect(result.lines[0]).toMatch(/^Promptloom cannot start: /);
  expect(result.lines[0]).toMatch(/Fix: /);
  expect(result.lines[0]).toMatch(pattern);
}

// Each case starts a real process (tsx, PGlite for the port case): slow on a busy machine.
describe('start-up failures print one line and exit non-zero', { timeout: 180_000 }, () => {
  it('a bad variable', async () => {
    expectOneLine(await start({ PORT: 'eighty' }), /Invalid PORT/);
  });

  it('a DATA_DIR below a file (ENOTDIR)', async () => {
    expectOneLine(await start({ DATA_DIR: '/etc/hostname/data' }), /DATA_DIR .* \(ENOTDIR/);
  });

  it('a DATA_DIR under /proc (refused or timed out, never a spin)', async () => {
    expectOneLine(await start({ DATA_DIR: '/proc/self/promptloom' }), /DATA_DIR \/proc\/self/);
  });

  it('a database that refuses connections', async () => {
    expectOneLine(
      await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/promptloom' }),
      /database at 127\.0\.0\.1:1\/promptloom \(ECONNREFUSED/,
    );
  });

  it('a port in use', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as { port: number };
    try {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-port-'));
      expectOneLine(
        await start({ PORT: String(port), DATA_DIR: dataDir }),
        new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`),
      );
    } finally {
      blocker.close();
    }
  });
});
