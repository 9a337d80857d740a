// Row 5: the browser path. Builds the web app (selection limit lifted), starts the real
// server on a free port with a temp data dir, signs a user in through the built-in local
// provider, and drives headless Chromium through the folder-upload path with a corpus.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { launchBrowser } from '../e2e/support/browser';

const ROOT = resolve(import.meta.dirname, '..');
const WEB_DIST = join(tmpdir(), 'promptloom-bench-web');
/** What "limit lifted" means: select-all of a whole corpus must not be refused. */
const LIFTED_MAX_FILES = 1_000_000;

/** Visits of each kind (quiet, typing): rows give their median, min and max. */
export const BROWSER_RUNS = 3;

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface BrowserResult {
  connectMs: Spread;
  selectAllToCountMs: Spread;
  /** Peak RSS of the page's renderer process (its workers included), largest of the quiet visits. */
  rendererMb: number;
  finalTokens: number;
  /** Every keystroke of every typing visit. */
  keystrokeMs: { median: number; p95: number; max: number; samples: number };
}

/**
 * Peak RSS (VmHWM) of the largest Chromium renderer process running now: the bench's only
 * page, whose main thread and Web Workers share that process. Linux /proc; 0 elsewhere.
 */
async function rendererPeakMb(): Promise<number> {
  let peakKb = 0;
  const pids = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids.filter((name) => /^\d+$/.test(name))) {
    try {
      const args = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!args.includes('--type=renderer')) continue;
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended while being read.
    }
  }
  return peakKb / 1024;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    min: sorted[0]!,
    max: sorted.at(-1)!,
  };
}

/** The bench build only: MAX_SELECTED_FILES raised so select-all takes the whole corpus. */
function liftSelectionLimit(): Plugin {
  return {
    name: 'bench-lift-selection-limit',
    transform(code, id) {
      if (!id.endsWith('/packages/core/src/limits.ts')) return null;
      return code.replace(
        /export const MAX_SELECTED_FILES = [\d_]+;/,
        `export const MAX_SELECTED_FILES = ${LIFTED_MAX_FILES};`,
      );
    },
  };
}

async function buildWeb(): Promise<void> {
  await build({
    configFile: join(ROOT, 'packages/web/vite.config.ts'),
    root: join(ROOT, 'packages/web'),
    logLevel: 'warn',
    plugins: [liftSelectionLimit()],
    build: { outDir: WEB_DIST, emptyOutDir: true, sourcemap: false },
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptloom-bench-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(AUTH_|DATABASE_URL|REDIS_URL|PUBLIC_URL|JWT_SECRET|WEB_DIST_DIR)/.test(key)) {
      env[key] = value;
    }
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: WEB_DIST,
    AUTH_LOCAL: 'true',
    LOG_LEVEL: 'warn',
  });
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')],
    { cwd: ROOT, env, stdio: 'ignore' },
  );
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, delay(20_000)]);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await delay(250);
  }
  await stop();
  throw new Error('bench server did not start');
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: /local/i }).click();
  await page.getByLabel(/name/i).fill('Bench');
  await page.getByLabel(/email/i).fill(`bench.${Date.now()}@example.test`);
  await page.getByRole('button', { name: /sign in|continue/i }).click();
  await page.waitForURL(`${url}/`);
}

/** Waits until the displayed token count has not changed for `quietMs`; returns it. */
async function waitForStableCount(
  page: Page,
  quietMs: number,
): Promise<{ at: number; tokens: number }> {
  for (;;) {
    const state = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { lastChange: number } }).__bench;
      const bar = document.querySelector('[role="progressbar"]');
      return {
        lastChange: bench.lastChange,
        now: performance.now(),
        tokens: Number(bar?.getAttribute('aria-valuenow') ?? 0),
      };
    });
    if (state.tokens > 0 && state.now - state.lastChange >= quietMs) {
      return { at: state.lastChange, tokens: state.tokens };
    }
    await delay(100);
  }
}

/** One visit: connect the folder, add the project blocks, select all; optionally type. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function of a CDP CPU profile, top entries first (ms). */
function topFunctions(profile: CpuProfile, count: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id);
    if (!frame) return;
    const file = frame.url.split('/').at(-1) ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${Math.round(ms)} ms ${key}`);
}

async function visit(url: string, corpusDir: string, typing: boolean, profile = false) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Headless Chromium's picker rejects at once: take the upload path instead.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.showDirectoryPicker;
      delete (Window.prototype as unknown as Record<string, unknown>).showDirectoryPicker;
    });
    await signIn(page, url);
    await page.bringToFront();
    const started = Date.now();
    await page.setInputFiles('input[type="file"][webkitdirectory]', corpusDir);
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('treeitem').first().waitFor({ timeout: 120_000 });
    const connectMs = Date.now() - started;

    for (const name of [
      'Structure du projet',
      'Contenu des fichiers sélectionnés',
      'Dynamic User Task',
    ]) {
      await page.getByRole('button', { name, exact: true }).first().click();
    }
    await page.evaluate(() => {
      const bench = { lastChange: performance.now(), latencies: [] as number[] };
      (window as unknown as { __bench: typeof bench }).__bench = bench;
      const bar = document.querySelector('[role="progressbar"]')!;
      new MutationObserver(() => (bench.lastChange = performance.now())).observe(bar, {
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
      // Keystroke -> next painted frame: the frame callback runs before paint, the task
      // queued from it runs after that frame is on screen.
      document.addEventListener(
        'keydown',
        (event) => {
          const t0 = event.timeStamp;
          requestAnimationFrame(() =>
            setTimeout(() => bench.latencies.push(performance.now() - t0)),
          );
        },
        true,
      );
    });
    const before = await waitForStableCount(page, 1_000);
    const cdp = profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    if (typing) {
      await page.getByLabel('Final request').click();
      await page.keyboard.type('Explain the architecture of this project, then list risks.', {
        delay: 40,
      });
    }
    await page.waitForFunction(
      (previous) =>
        Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) !==
        previous,
      before.tokens,
      { timeout: 180_000 },
    );
    const { at, tokens } = await waitForStableCount(page, 2_000);
    const rendererMb = await rendererPeakMb();
    const hot = cdp
      ? topFunctions(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, 15)
      : [];
    const latencies = await page.evaluate(
      () => (window as unknown as { __bench: { latencies: number[] } }).__bench.latencies,
    );
    return {
      connectMs,
      selectAllToCountMs: at - clickedAt,
      finalTokens: tokens,
      rendererMb,
      latencies,
      hot,
    };
  } finally {
    await browser.close();
  }
}

export async function measureBrowser(corpusDir: string, profile = false): Promise<BrowserResult> {
  if (!existsSync(join(ROOT, 'packages/web/src/features/workspace/index.ts'))) {
    throw new Error('web workspace not present');
  }
  await buildWeb();
  const server = await startServer();
  try {
    const quiet = [];
    const typed = [];
    for (let run = 0; run < BROWSER_RUNS; run++) {
      quiet.push(await visit(server.url, corpusDir, false));
      typed.push(await visit(server.url, corpusDir, true, profile && run === 0));
    }
    if (profile)
      console.error(['Main-thread self time while typing:', ...typed[0]!.hot].join('\n'));
    const sorted = typed.flatMap((v) => v.latencies).sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return {
      connectMs: spread(quiet.map((v) => v.connectMs)),
      selectAllToCountMs: spread(quiet.map((v) => v.selectAllToCountMs)),
      rendererMb: Math.max(...quiet.map((v) => v.rendererMb)),
      finalTokens: quiet[0]!.finalTokens,
      keystrokeMs: {
        median: at(0.5),
        p95: at(0.95),
        max: sorted.at(-1) ?? 0,
        samples: sorted.length,
      },
    };
  } finally {
    await server.stop();
  }
}
