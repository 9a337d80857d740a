import http from 'node:http';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The load check of decision 093: eight concurrent anonymous hostile requests (deep JSON
 * sent in full, bodies that stall, a 60 MiB import) against a listening app, while
 * /api/health is asked over and over. Liveness must keep answering quickly and every hostile
 * socket must be closed by the request timeout. The target is 100 ms at the 99th percentile;
 * the assertion is looser because CI's two cores run other suites at the same time (the
 * figures are printed, and decision 093 records them from a quiet machine).
 */

const REQUEST_TIMEOUT_MS = 1_500;
/** Generous: the target is 100 ms, on a machine running nothing else. */
const HEALTH_P99_BOUND_MS = 1_500;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({
    http: {
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      headersTimeoutMs: REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: 500,
      connectionsPerIp: 0,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Hostile {
  /** Resolves with the time (ms after the start) the server's side of the socket closed. */
  closed: Promise<number>;
}

/** Sends a request's head and `body` (all or part of `length` bytes), then waits. */
function hostile(
  start: number,
  method: string,
  path: string,
  length: number,
  body: Buffer | null,
): Hostile {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.on('data', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(performance.now() - start)),
  );
  socket.once('connect', () => {
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
    if (body) socket.write(body);
  });
  return { closed };
}

/** GET /api/health over a fresh connection: how long the answer took. */
function probe(): Promise<number> {
  const sent = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      { port, host: '127.0.0.1', path: '/api/health', agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - sent));
      },
    );
    request.on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

it('keeps /api/health answering under eight hostile anonymous requests, and closes them all in time', async () => {
  const deep = Buffer.from(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
  const importBytes = 60 * 1024 * 1024;
  const importBody = Buffer.alloc(importBytes, '[');
  // Warm up the route and the sockets before measuring.
  await probe();

  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  const requests = [
    hostile(start, 'POST', '/api/no-such-path', deep.length, deep),
    hostile(start, 'POST', '/api/no-such-path', deep.length, deep),
    hostile(start, 'POST', '/api/auth/refresh', deep.length, deep),
    hostile(start, 'POST', '/api/auth/local/finalize-login', deep.length, deep),
    hostile(start, 'POST', '/api/auth/local/finalize-login', deep.length, deep.subarray(0, 4096)),
    hostile(start, 'POST', '/api/no-such-path', 1_000_000, deep.subarray(0, 4096)),
    hostile(start, 'POST', '/api/auth/logout', 1_000_000, deep.subarray(0, 100)),
    hostile(start, 'POST', '/api/account/import', importBytes, importBody),
  ];
  let done = false;
  const allClosed = Promise.all(requests.map((r) => r.closed)).then((times) => {
    done = true;
    return times;
  });
  const latencies: number[] = [];
  // Bounded: the hostile sockets close by the request timeout (or the test fails on time).
  for (let i = 0; i < 2_000 && !done; i++) {
    latencies.push(await probe());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const closedAt = await allClosed;
  delay.disable();

  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const loopMaxMs = delay.max / 1e6;
  console.info(
    `health under hostile load: ${latencies.length} probes, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; event loop delay max ${loopMaxMs.toFixed(1)} ms; last hostile socket closed after ${Math.max(...closedAt).toFixed(0)} ms`,
  );
  expect(latencies.length).toBeGreaterThan(5);
  expect(p99).toBeLessThan(HEALTH_P99_BOUND_MS);
  // The request timeout, plus Node's check interval, plus a loaded machine's slack.
  for (const at of closedAt) expect(at).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
}, 120_000);
