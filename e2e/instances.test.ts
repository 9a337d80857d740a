import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  AUTH_RATE_LIMIT,
  SHUTDOWN_DRAIN_MS,
  SHUTDOWN_NOT_READY_MS,
} from '../packages/server/src/limits';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer } from './support/balancer';
import { launchAppBrowser } from './support/browser';
import { newAppPage, signInLocally, uniqueUser, waitForSignedInShell } from './support/fixtures';
import { freePort } from './support/free-port';
import { httpClient, type HttpSession } from './support/http-session';
import { startServer, type ServerProcess } from './support/server-process';

/**
 * Two server processes on one PostgreSQL database and one Redis, configured alike, as behind
 * a load balancer (decision 039; PUBLIC_URL is a round-robin proxy in front of both, which
 * the browser part goes through): a session made on one works on the other, refreshes there,
 * ends there at logout; rate limits are counted once for both; stopping one (SIGTERM) fails
 * nothing on the other. Registered only when TEST_DATABASE_URL and TEST_REDIS_URL are set
 * (vitest.config.ts), as in CI.
 */

const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? '';
/**
 * A client from an address of its own: the per-address auth limits count each scenario (and
 * each run: the shared Redis keeps a counter for a minute) apart.
 */
const newClient = () =>
  httpClient({ publicUrl: balancer.url, clientAddress: `10.${randomBytes(3).join('.')}` });

let a: ServerProcess;
let b: ServerProcess;
/** The address users reach the instances at: a balancer alternating between them. */
let balancer: Awaited<ReturnType<typeof startBalancer>>;
const admin = new pg.Client({ connectionString: databaseUrl });
const database = `promptloom_inst_${randomUUID().replaceAll('-', '')}`;
const dataDirs: string[] = [];

/** Both instances answer readiness with the database and Redis up. */
async function waitForShared(server: ServerProcess) {
  for (;;) {
    const response = await fetch(`${server.url}/api/health/ready`);
    const body = (await response.json()) as { checks?: { database: string; redis: string } };
    if (body.checks?.database === 'up' && body.checks.redis === 'up') return;
    await delay(100);
  }
}

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  balancer = await startBalancer(await freePort(), () => [a.url, b.url]);
  const config = {
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    PUBLIC_URL: balancer.url,
    // Local sign-in on a shared database must be asked for explicitly. No JWT_SECRET: the
    // first instance generates the signing secret in the database, the other reads it.
    AUTH_LOCAL: 'true',
    TRUST_PROXY: '1',
    WEB_DIST_DIR: path.resolve(
      process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, '../packages/web/dist'),
    ),
  };
  const [portA, portB] = [await freePort(), await freePort()];
  const dirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'pl-inst-'))));
  dataDirs.push(...dirs);
  // Started together on the empty database: migrations and the secret are settled once.
  const started = await Promise.allSettled([
    startServer(portA, { ...config, DATA_DIR: dirs[0]! }),
    startServer(portB, { ...config, DATA_DIR: dirs[1]! }),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(
      started.map((result) =>
        result.status === 'fulfilled' ? result.value.stop() : Promise.resolve(),
      ),
    );
    throw failed.reason;
  }
  [a, b] = started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value) as [
    ServerProcess,
    ServerProcess,
  ];
  await Promise.all([waitForShared(a), waitForShared(b)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), balancer?.close()]);
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('two instances on one PostgreSQL and one Redis', () => {
  it('signs in on A and works on B: reads and writes on either see the same data', async () => {
    const client = newClient();
    const session = await client.signIn(a.url, uniqueUser());
    expect(await client.meStatus(b.url, session)).toBe(200);

    const created = await client.call(b.url, session, '/api/blocks', {
      method: 'POST',
      body: { name: 'Written on B', content: 'Shared.', type: 'STATIC' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = await client.call(a.url, session, `/api/blocks/${id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, name: 'Written on B' });
  });

  it('refreshes on B a session signed in on A, and catches a replay on A', async () => {
    const client = newClient();
    const session = await client.signIn(a.url, uniqueUser());
    const issuedOnA = { ...session };
    expect(await client.refresh(b.url, session)).toBe(200);
    expect(session.refreshToken).not.toBe(issuedOnA.refreshToken);
    expect(await client.meStatus(a.url, session)).toBe(200);
    expect(await client.refresh(a.url, session)).toBe(200);
    expect(await client.meStatus(b.url, session)).toBe(200);

    // The cookie A issued was rotated on B: presented again (on A) it means a leak, and the
    // whole sign-in ends on both instances.
    expect(await client.refresh(a.url, issuedOnA)).toBe(401);
    expect(await client.meStatus(b.url, session)).toBe(401);
    expect(await client.refresh(b.url, session)).toBe(401);
  });

  it('counts a rate limit once for both: part on A, the rest on B', async () => {
    const client = newClient();
    // The local sign-in start allows AUTH_RATE_LIMIT.max per client address and minute. Alone,
    // B would allow all of its own share below; counted with A's, it refuses past the max.
    const start = async (instance: string) => {
      const response = await fetch(`${instance}/api/auth/local`, { headers: client.headers() });
      await response.body?.cancel();
      return response.status;
    };
    const onA = AUTH_RATE_LIMIT.max - 10;
    const statusesOnA: number[] = [];
    for (let i = 0; i < onA; i += 1) statusesOnA.push(await start(a.url));
    expect(statusesOnA).toEqual(Array(onA).fill(200));

    const statusesOnB: number[] = [];
    for (let i = 0; i < onA; i += 1) statusesOnB.push(await start(b.url));
    // B refuses once both together reached the max (at its 11th request, unless Redis was slower
    // than REDIS_FALLBACK_MS on one of them: that one is counted from B's memory, decision 025).
    expect(statusesOnB.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statusesOnB.slice(10)).toContain(429);
  });

  it('logs out on A: the access token ends on B at once', async () => {
    const client = newClient();
    const session = await client.signIn(a.url, uniqueUser());
    const other = await client.signIn(b.url, uniqueUser());
    expect(await client.meStatus(b.url, session)).toBe(200);
    const logout = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: client.headers({ cookie: `pl_refresh=${session.refreshToken}` }),
    });
    expect(logout.status).toBe(204);
    expect(await client.meStatus(b.url, session)).toBe(401);
    expect(await client.meStatus(a.url, session)).toBe(401);
    expect(await client.meStatus(b.url, other)).toBe(200);
  });

  it('signs out everywhere on B: the sessions made on A and on B both end', async () => {
    const client = newClient();
    const identity = uniqueUser();
    const onA = await client.signIn(a.url, identity);
    const onB = await client.signIn(b.url, identity);
    const stranger = await client.signIn(a.url, uniqueUser());
    const everywhere = await client.call(b.url, onB, '/api/auth/logout-all', { method: 'POST' });
    expect(everywhere.status).toBe(204);
    for (const session of [onA, onB]) {
      expect(await client.meStatus(a.url, session)).toBe(401);
      expect(await client.meStatus(b.url, session)).toBe(401);
    }
    expect(await client.refresh(a.url, onA)).toBe(401);
    expect(await client.meStatus(b.url, stranger)).toBe(200);
  });

  it('serves a browser through the balancer: each page load on both, sign-out everywhere', async () => {
    const client = newClient();
    const browser = await launchAppBrowser();
    try {
      const { page } = await newAppPage(browser, balancer.url);
      const user = uniqueUser();
      await page.goto('/login');
      // The sign-in's own steps (start, form, finalize) land on different instances.
      await signInLocally(page, user);
      // Each page load refreshes the session, on whichever instance the balancer picks.
      for (let i = 0; i < 3; i += 1) {
        await page.reload();
        await waitForSignedInShell(page, user);
      }
      expect(balancer.served(a.url)).toBeGreaterThan(0);
      expect(balancer.served(b.url)).toBeGreaterThan(0);

      // The same account on another device, signed in on A directly.
      const device = await client.signIn(a.url, user);
      await page.goto('/settings/access-tokens');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: /local/i }).waitFor();
      expect(await client.meStatus(a.url, device)).toBe(401);
      expect(await client.meStatus(b.url, device)).toBe(401);
    } finally {
      await browser.close();
    }
  });

  it('stops A with SIGTERM under traffic on B: nothing fails on B, A exits 0 in its bound', async () => {
    const client = newClient();
    // Signed in on A, served by B: the session outlives the instance that made it.
    const session: HttpSession = await client.signIn(a.url, uniqueUser());
    const failures: string[] = [];
    let completed = 0;
    let stopping = false;
    const waiters: Array<{ count: number; resolve: () => void }> = [];
    const reached = (count: number) =>
      new Promise<void>((resolve) => {
        if (completed >= count) resolve();
        else waiters.push({ count, resolve });
      });
    const paths = ['/api/auth/me', '/api/blocks', '/api/compositions', '/api/health/ready'];
    // Steady, paced traffic: the user's read limit is shared too, and a person is not a flood.
    const traffic = (async () => {
      while (!stopping) {
        const path = paths[completed % paths.length]!;
        try {
          const response = await client.call(b.url, session, path);
          await response.body?.cancel();
          if (response.status !== 200) failures.push(`${path}: ${response.status}`);
        } catch (error) {
          failures.push(`${path}: ${String(error)}`);
        }
        completed += 1;
        for (const waiter of waiters.filter((w) => completed >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        await delay(25);
      }
    })();

    await reached(10);
    const exited = new Promise<number | null>((resolve) => a.process.once('exit', resolve));
    a.process.kill('SIGTERM');
    // Not ready at once (the balancer stops sending), while it still serves what it gets.
    for (;;) {
      const ready = await fetch(`${a.url}/api/health/ready`);
      const body = (await ready.json()) as { code?: string };
      if (ready.status === 503) {
        expect(body.code).toBe('SHUTTING_DOWN');
        break;
      }
      await delay(20);
    }
    const bound = SHUTDOWN_NOT_READY_MS + SHUTDOWN_DRAIN_MS + 5_000;
    const code = await Promise.race([exited, delay(bound).then(() => 'still running')]);
    expect(code).toBe(0);
    // B keeps serving after A is gone.
    await reached(completed + 20);
    stopping = true;
    await traffic;
    expect(failures).toEqual([]);
    expect(await client.meStatus(b.url, session)).toBe(200);
  });
});
