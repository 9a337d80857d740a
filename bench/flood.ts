// Flood rows: does one user flooding writes starve the others? The compiled server
// (`npm start`) on PGlite, real users signed in over HTTP, 50 keep-alive connections in all:
// 40 of the other users, each a loop of a realistic mix with a think time between requests,
// alone (quiet) and beside 10 connections of one user sending block writes as fast as the
// server answers (flood). Quiet and flood segments alternate, so load from other processes on
// a shared machine falls on both alike. Target: the others' p99 under flood ≤ 2 × quiet.
// `node --import tsx bench/flood.ts` runs these rows alone.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/free-port';
import { buildServer } from '../packages/server/scripts/build.mjs';
import { Connection, signInLocally } from './flood-client';
import { waitUntilReady } from './server-ready';

const root = path.resolve(import.meta.dirname, '..');
const OTHER_USERS = 20;
const CONNECTIONS_PER_OTHER = 2;
const FLOOD_CONNECTIONS = 50 - OTHER_USERS * CONNECTIONS_PER_OTHER;
/** Think time of an other user's connection between two requests (uniform in this range). */
const THINK_MS = [200, 600] as const;
/**
 * Quiet and flood segments, alternating, each recorded whole (the flooder's burst at the start
 * of a rate-limit window included); the flooder's last requests end before a quiet segment.
 * 6 rounds of 6 s span more than one minute, the window of the per-user write limit.
 */
const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 6);
const SEGMENT_MS = 6000;
/** The others' connections open and warm up before the first quiet segment. */
const WARMUP_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const blockBody = (name: string, content: string) =>
  JSON.stringify({ name, content, type: 'STATIC', category: 'Bench' });

/** Sends a message to the flooder process; 'stop' resolves with its status counts. */
async function tell(writer: ChildProcess, message: 'start' | 'stop'): Promise<Map<number, number>> {
  writer.send(message);
  if (message === 'start') return new Map();
  const [counts] = (await once(writer, 'message')) as [Array<[number, number]>];
  return new Map(counts);
}

/** What the other users' requests took, and how they ended, while `recording` is set. */
class Recorder {
  recording = false;
  latencies: number[] = [];
  statuses = new Map<number, number>();
  record(status: number, ms: number) {
    if (!this.recording) return;
    this.latencies.push(ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }
  reset() {
    this.latencies = [];
    this.statuses = new Map();
  }
}

/** A loop of one other user's connection: reads mostly, some block writes, a think time. */
async function otherUser(
  conn: Connection,
  record: (status: number, ms: number) => void,
  until: () => boolean,
  tag: string,
) {
  const mine: string[] = [];
  let n = 0;
  while (!until()) {
    const roll = Math.random();
    let answer;
    if (roll < 0.4) answer = await conn.request('GET', '/api/blocks');
    else if (roll < 0.67) answer = await conn.request('GET', '/api/compositions');
    else if (roll < 0.92) answer = await conn.request('GET', '/api/settings');
    else if (roll < 0.95 || mine.length === 0) {
      const body = blockBody(`${tag} ${n++}`, `Review the diff for ${tag}.\n`.repeat(40));
      answer = await conn.request('POST', '/api/blocks', body);
      if (answer.status === 201) mine.push((JSON.parse(answer.body) as { id: string }).id);
    } else if (roll < 0.98) {
      const id = mine[Math.floor(Math.random() * mine.length)]!;
      const body = blockBody(`${tag} edited`, `Explain the change in ${tag}.\n`.repeat(40));
      answer = await conn.request('PUT', `/api/blocks/${id}`, body);
    } else {
      answer = await conn.request('DELETE', `/api/blocks/${mine.pop()!}`);
    }
    record(answer.status, answer.ms);
    await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

function summary(rec: Recorder) {
  const sorted = [...rec.latencies].sort((a, b) => a - b);
  const errors = [...rec.statuses]
    .filter(([s]) => s === 0 || s >= 400)
    .reduce((a, [, c]) => a + c, 0);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
    statuses: rec.statuses,
  };
}

const fmtStatuses = (m: Map<number, number>) =>
  [...m]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s === 0 ? 'network error' : s}: ${c}`)
    .join(', ');

export interface FloodResult {
  quiet: ReturnType<typeof summary>;
  flood: ReturnType<typeof summary>;
  /** 1-minute load average at the end of each segment: min–max. */
  load: string;
  flooderRate: number;
  flooderStatuses: Map<number, number>;
}

/** Starts the server on a fresh DATA_DIR, signs the users in, runs both phases. */
export async function measureFlood(): Promise<FloodResult> {
  const compiled = await buildServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-bench-flood-'));
  const port = await freePort();
  const base = new URL(`http://127.0.0.1:${port}`);
  const child = spawn(process.execPath, ['--enable-source-maps', compiled], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The last words of a server that dies under the load.
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const connections: Connection[] = [];
  let writer: ChildProcess | undefined;
  try {
    await waitUntilReady(new URL('/api/health/ready', base).href, child);
    // Each sign-in route allows AUTH_RATE_LIMIT (30 a minute) per address: 21 fit.
    const tokens: string[] = [];
    for (let i = 0; i <= OTHER_USERS; i++)
      tokens.push(await signInLocally(base, `Bench user ${i}`, `bench-${i}@example.test`));
    const flooderToken = tokens.pop()!;

    const quietRec = new Recorder();
    const floodRec = new Recorder();
    let done = false;
    let rec = quietRec;
    const others = tokens.flatMap((token, u) =>
      Array.from({ length: CONNECTIONS_PER_OTHER }, (_, c) => {
        const conn = new Connection(base, token);
        connections.push(conn);
        const record = (status: number, ms: number) => rec.record(status, ms);
        return otherUser(conn, record, () => done, `u${u}c${c}`);
      }),
    );
    writer = fork(
      path.join(import.meta.dirname, 'flood-writer.ts'),
      [base.href, flooderToken, String(FLOOD_CONNECTIONS)],
      { execArgv: ['--import', 'tsx'] },
    );
    const flooderStatuses = new Map<number, number>();
    const loads: number[] = [];
    let floodMs = 0;
    await sleep(WARMUP_MS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const segment of ['quiet', 'flood'] as const) {
        const started = performance.now();
        const flooding = segment === 'flood';
        rec = segment === 'quiet' ? quietRec : floodRec;
        if (flooding) await tell(writer, 'start');
        rec.recording = true;
        await sleep(SEGMENT_MS);
        rec.recording = false;
        loads.push(os.loadavg()[0]!);
        if (!flooding) continue;
        for (const [status, n] of await tell(writer, 'stop'))
          flooderStatuses.set(status, (flooderStatuses.get(status) ?? 0) + n);
        floodMs += performance.now() - started;
      }
    }
    done = true;
    await Promise.all(others);
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    const flooderSent = [...flooderStatuses.values()].reduce((a, b) => a + b, 0);
    const load = `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
    return {
      quiet: summary(quietRec),
      flood: summary(floodRec),
      load,
      flooderRate: flooderSent / (floodMs / 1000),
      flooderStatuses,
    };
  } finally {
    for (const conn of connections) conn.close();
    if (writer?.connected) writer.send('exit');
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The flood rows of the bench table. */
export async function floodRows(): Promise<string[]> {
  const r = await measureFlood();
  const ratio = r.flood.p99 / r.quiet.p99;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const others = `${OTHER_USERS} users on ${OTHER_USERS * CONNECTIONS_PER_OTHER} connections`;
  const met = ratio <= 2 && r.quiet.errors === 0 && r.flood.errors === 0;
  return [
    `| server | 11. ${others}, quiet (${ROUNDS} × ${SEGMENT_MS / 1000} s, load ${r.load}): p50 / p99, errors | ${ms(r.quiet.p50)} / ${ms(r.quiet.p99)} (${r.quiet.requests} requests, ${r.quiet.errors} errors) | | | | | | – |`,
    `| server | 11. the same beside 1 user flooding writes on ${FLOOD_CONNECTIONS} connections: p50 / p99, errors; p99 ratio flood / quiet (target ≤ 2) | ${ms(r.flood.p50)} / ${ms(r.flood.p99)} (${r.flood.requests} requests, ${r.flood.errors} errors) | | | | ${ratio.toFixed(2)} | | ${met ? 'yes' : '**NO**'} |`,
    `| server | 11. the flooder: requests/s, statuses | ${r.flooderRate.toFixed(0)}/s (${fmtStatuses(r.flooderStatuses)}) | | | | | | – |`,
  ];
}

if (process.argv[1] === import.meta.filename) {
  const rows = await floodRows();
  console.log(rows.join('\n'));
}
