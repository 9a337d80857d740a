// Start-up rows: the compiled server (`npm start`, decision 027) beside the same
// server run through tsx (how `npm start` ran before), on PGlite: time from spawn to
// /api/health/ready answering 200, cold (empty DATA_DIR: migrations and seed) and warm, and
// the idle RSS two seconds after. `node --import tsx bench/startup.ts` runs these rows alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/free-port';
import { buildServer } from '../packages/server/scripts/build.mjs';
import { waitUntilReady } from './server-ready';

const root = path.resolve(import.meta.dirname, '..');

const rssMb = (child: ChildProcess) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Spawn → ready (ms) and the idle RSS (MB) of one start on `dataDir`. */
async function startOnce(args: string[], dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/api/health/ready`, child);
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { ms, rss: rssMb(child) };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

/** The start-up rows of the bench table. */
export async function startupRows(): Promise<string[]> {
  const compiled = await buildServer();
  const variants = [
    { name: 'compiled (`npm start`)', args: ['--enable-source-maps', compiled] },
    { name: 'tsx (before)', args: ['--import', 'tsx', 'packages/server/src/main.ts'] },
  ];
  const rows: string[] = [];
  for (const variant of variants) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-bench-start-'));
    try {
      const cold = await startOnce(variant.args, dataDir);
      const warm = await startOnce(variant.args, dataDir);
      rows.push(
        `| server | 10. start-up on PGlite, ${variant.name}: spawn → ready, cold (migrate + seed) / warm | ${Math.round(cold.ms)} ms / ${Math.round(warm.ms)} ms | idle RSS ${Math.round(warm.rss)} MB | | | | | – |`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (process.argv[1] === import.meta.filename) console.log((await startupRows()).join('\n'));
