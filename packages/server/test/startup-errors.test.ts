import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../scripts/build.mjs';

// The compiled server, as `npm start` runs it (plain Node, decision 027), built once for this
// file into a folder of its own.
const outdir = `dist-test-${process.pid}`;
let serverMain = '';
/**
 * A DATA_DIR already migrated (the run's PGlite template, global-setup.ts), for the cases that
 * are not about migrating: each takes a copy (`migratedDataDir`), so its server skips the
 * migrations that a fresh folder costs. The compiled start on a fresh folder still migrates.
 */
let migratedTemplate = '';
beforeAll(async () => {
  const templateFile = inject('pgliteTemplate');
  if (!templateFile) throw new Error('the start-up tests need the PGlite template');
  migratedTemplate = await mkdtemp(path.join(os.tmpdir(), 'promptloom-migrated-'));
  const [main, database] = await Promise.all([
    buildServer(outdir),
    PGlite.create({
      dataDir: migratedTemplate,
      loadDataDir: new Blob([await readFile(templateFile)]),
    }),
  ]);
  serverMain = main;
  await database.close();
});
afterAll(async () => {
  await rm(path.resolve(import.meta.dirname, '..', outdir), { recursive: true, force: true });
  if (migratedTemplate) await rm(migratedTemplate, { recursive: true, force: true });
});

/** A copy of the migrated DATA_DIR, in a folder of its own. */
async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await cp(migratedTemplate, dataDir, { recursive: true });
  return dataDir;
}

/** The compiled server process with `env` (no TypeScript loader). */
function spawnServer(env: Record<string, string>) {
  return spawn(process.execPath, [serverMain], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      WEB_DIST_DIR: 'none',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'x'.repeat(40),
      ...env,
    },
  });
}

/** Starts the real server process with `env` and waits for it to end. */
async function start(env: Record<string, string>) {
  const child = spawnServer(env);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, lines: stderr.trim().split('\n') };
}

async function freePort(): Promise<number> {
  const free = createServer().listen(0, '127.0.0.1');
  await once(free, 'listening');
  const { port } = free.address() as { port: number };
  free.close();
  return port;
}

/** Polls readiness until it answers 200; its last answer. */
async function waitReady(base: string): Promise<Response | undefined> {
  let ready: Response | undefined;
  for (let i = 0; i < 600 && !ready?.ok; i++) {
    ready = await fetch(`${base}/api/health/ready`).catch(() => undefined);
    if (!ready?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return ready;
}

/** One line naming the cause and the fix, no stack, a non-zero exit. */
function expectOneLine(result: Awaited<ReturnType<typeof start>>, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.lines).toHaveLength(1);
  expect(result.lines[0]).toMatch(/^Promptloom cannot start: /);
  expect(result.lines[0]).toMatch(/Fix: /);
  expect(result.lines[0]).toMatch(pattern);
}

// Each case starts a real process (PGlite for the port case and the compiled starts): slow on a
// busy machine. The processes share nothing (each its own DATA_DIR or port), so every case of
// the file runs side by side: the /proc case mostly waits for the server's own time-out.
describe.concurrent(
  'start-up failures print one line and exit non-zero',
  { timeout: 180_000 },
  () => {
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
        await start({
          DATABASE_URL: 'postgres://postgres@127.0.0.1:1/promptloom',
          AUTH_LOCAL: 'true',
        }),
        /database at 127\.0\.0\.1:1\/promptloom \(ECONNREFUSED/,
      );
    });

    it('local sign-in on by default on a non-loopback HOST or a shared database', async () => {
      expectOneLine(
        await start({ HOST: '0.0.0.0' }),
        /Local sign-in .* HOST 0\.0\.0\.0 accepts connections from other machines\. Fix: .*AUTH_LOCAL=true/,
      );
      expectOneLine(
        await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/promptloom' }),
        /Local sign-in .* DATABASE_URL points at a shared database\. Fix: .*AUTH_LOCAL=true/,
      );
    });

    it('a port in use', async () => {
      const blocker = createServer().listen(0, '127.0.0.1');
      await once(blocker, 'listening');
      const { port } = blocker.address() as { port: number };
      try {
        const dataDir = await migratedDataDir('promptloom-port-');
        try {
          expectOneLine(
            await start({ PORT: String(port), DATA_DIR: dataDir }),
            new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`),
          );
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      } finally {
        blocker.close();
      }
    });
  },
);

describe.concurrent('the compiled start', { timeout: 180_000 }, () => {
  it('starts with AUTH_LOCAL=true on 0.0.0.0 and warns once that anyone can sign in', async () => {
    const port = await freePort();
    const dataDir = await migratedDataDir('promptloom-local-');
    const child = spawnServer({
      PORT: String(port),
      HOST: '0.0.0.0',
      AUTH_LOCAL: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      await waitReady(`http://127.0.0.1:${port}`);
      const warnings = stdout
        .split('\n')
        .filter((line) => line.includes('sign in as any account'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.level).toBe(40);
      expect(warnings[0]?.msg).toMatch(/^AUTH_LOCAL=true and HOST 0\.0\.0\.0 accepts/);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('serves from its build with plain Node: migrated, seeded and ready on PGlite', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-compiled-'));
    const child = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      const base = `http://127.0.0.1:${port}`;
      const ready = await waitReady(base);
      expect(await ready?.json()).toEqual({
        ok: true,
        checks: { database: 'up', redis: 'not configured' },
      });
      // The SPA's API answers too (the migrated and seeded database behind it).
      const providers = await fetch(`${base}/api/auth/providers`);
      expect(await providers.json()).toContainEqual({ id: 'local', name: 'Local account' });

      // SIGTERM: not ready at once while requests are still answered, then a clean exit 0.
      const exited = once(child, 'exit') as Promise<[number | null]>;
      child.kill('SIGTERM');
      let notReady: Response | undefined;
      for (let i = 0; i < 100 && notReady?.status !== 503; i++) {
        notReady = await fetch(`${base}/api/health/ready`);
      }
      expect(notReady?.status).toBe(503);
      expect(await notReady?.json()).toMatchObject({ ok: false, code: 'SHUTTING_DOWN' });
      expect((await fetch(`${base}/api/auth/providers`)).status).toBe(200);
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
