import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { AUTH_RATE_LIMIT } from '../src/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { openTestDatabase, testConfig } from './helpers';

/**
 * A real Redis of our own (never the shared one on 6379), killed in the middle: rate limits
 * keep working from memory, the outage is logged once, readiness names Redis, and the
 * shared counters come back by themselves when Redis does.
 */

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
}

async function until(condition: () => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let port: number;
let redis: ChildProcess;
let app: App;
let close: () => Promise<void>;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  port = await freePort();
  redis = startRedis(port);
  const { database, drop } = await openTestDatabase();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logLines.push(JSON.parse(line) as { level: number; msg: string });
      }
      done();
    },
  });
  app = await buildApp(testConfig({ redisUrl: `redis://127.0.0.1:${port}`, logLevel: 'info' }), {
    database,
    logStream,
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
  await until(() => app.redis?.status === 'ready', 'Redis to accept the app');
});

afterAll(async () => {
  redis.kill('SIGKILL');
  await close();
});

// A public, rate-limited route (30 per minute per address) that needs no sign-in.
const hit = () => app.inject({ method: 'GET', url: '/api/auth/local/authorize' });
const sharedKeys = () => app.redis!.keys('fastify-rate-limit-*');
const warnings = () => logLines.filter((line) => line.msg.startsWith('Redis unavailable'));

describe('rate limits when Redis goes away', () => {
  it('counts in Redis while it is up', async () => {
    expect((await hit()).statusCode).toBe(400);
    expect(await sharedKeys()).toHaveLength(1);
    expect((await app.inject({ url: '/api/health/ready' })).json()).toEqual({
      ok: true,
      checks: { database: 'up', redis: 'up' },
    });
  });

  it('falls back to memory when Redis is killed: answers, limits, warns once', async () => {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
    await until(() => app.redis?.status !== 'ready', 'the client to notice');

    // The memory counter holds every request this instance answered (one, before the kill):
    // max - 1 more pass, the next one is limited.
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT.max; i += 1) statuses.push((await hit()).statusCode);
    expect(statuses.slice(0, -1)).toEqual(Array(AUTH_RATE_LIMIT.max - 1).fill(400));
    expect(statuses.at(-1)).toBe(429);

    // Reconnection attempts keep failing meanwhile; still one warning, no error stacks.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.level).toBe(40);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);

    // The app keeps working without Redis: degraded, still ready (a load balancer keeps it).
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, checks: { database: 'up', redis: 'degraded' } });
    // Liveness stays cheap and green.
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
  });

  it('uses Redis again by itself once it is back', async () => {
    redis = startRedis(port);
    await until(() => app.redis?.status === 'ready', 'the client to reconnect');
    expect(logLines.filter((line) => line.msg.startsWith('Redis is back'))).toHaveLength(1);
    // The restarted Redis is empty: a key appears only if counting is shared again.
    expect(await sharedKeys()).toHaveLength(0);
    // Still limited: this instance's own count of the window stands, the empty Redis does not
    // reset it.
    expect((await hit()).statusCode).toBe(429);
    expect(await sharedKeys()).toHaveLength(1);
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
