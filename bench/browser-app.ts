// The app under the browser bench: the web build (selection limit lifted), the real server
// on a free port with a temp data dir, and a sign-in through the built-in local provider.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { freePort } from '../e2e/support/free-port';
import { waitUntilReady } from './server-ready';

export const ROOT = resolve(import.meta.dirname, '..');
/** BENCH_WEB_DIST: another build's place, so two worktrees can bench side by side. */
export const WEB_DIST = process.env.BENCH_WEB_DIST ?? join(tmpdir(), 'promptloom-bench-web');
/** What "limit lifted" means: select-all of a whole corpus must not be refused. */
const LIFTED_MAX_FILES = 1_000_000;

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

let built: Promise<void> | undefined;

/**
 * Builds the web app into WEB_DIST once per process: the browser rows of one `npm run bench`
 * serve the same build (a failed build is tried again by the next caller).
 */
export function buildWeb(): Promise<void> {
  built ??= buildOnce().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

async function buildOnce(): Promise<void> {
  await build({
    configFile: join(ROOT, 'packages/web/vite.config.ts'),
    root: join(ROOT, 'packages/web'),
    logLevel: 'warn',
    plugins: [liftSelectionLimit()],
    // Unminified under BENCH_PROFILE and BENCH_WORKER_PROFILE, so profiles name functions.
    build: {
      outDir: WEB_DIST,
      emptyOutDir: true,
      sourcemap: false,
      minify: process.env.BENCH_PROFILE !== '1' && !process.env.BENCH_WORKER_PROFILE,
    },
  });
}

export async function startServer(
  /** The web build to serve (an A/B serves two, `lab/listing-cpu.ts`). */
  webDist = WEB_DIST,
): Promise<{ url: string; stop: () => Promise<void> }> {
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
    WEB_DIST_DIR: webDist,
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
  try {
    await waitUntilReady(`${url}/api/health`, server);
  } catch (error) {
    await stop();
    throw new Error('bench server did not start', { cause: error });
  }
  return { url, stop };
}

export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: /local/i }).click();
  await page.getByLabel(/name/i).fill('Bench');
  await page.getByLabel(/email/i).fill(`bench.${Date.now()}@example.test`);
  await page.getByRole('button', { name: /sign in|continue/i }).click();
  await page.waitForURL(`${url}/`);
}

/**
 * Signs in and opens `dir` through the upload path (the folder picker taken away, as headless
 * Chromium's rejects anyway), then waits for the file tree's first row.
 */
export async function openUploadedFolder(page: Page, url: string, dir: string): Promise<void> {
  await page.addInitScript(() => {
    delete (window as unknown as Record<string, unknown>).showDirectoryPicker;
    delete (Window.prototype as unknown as Record<string, unknown>).showDirectoryPicker;
  });
  await signIn(page, url);
  await page.bringToFront();
  await page.setInputFiles('input[type="file"][webkitdirectory]', dir);
  await page
    .getByRole('tree', { name: 'Project files' })
    .getByRole('treeitem')
    .first()
    .waitFor({ timeout: 120_000 });
}

/**
 * Headless Chromium's folder picker rejects at once: the page takes the upload path, and the
 * uploaded Files are kept as `window.__benchFiles` for the floor rows (the app empties the
 * input once it has read it).
 */
export async function takeUploadPathKeepingFiles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.showDirectoryPicker;
    delete (Window.prototype as unknown as Record<string, unknown>).showDirectoryPicker;
    document.addEventListener(
      'change',
      (event) => {
        const input = event.target as HTMLInputElement;
        if (input.webkitdirectory && input.files) w.__benchFiles = [...input.files];
      },
      true,
    );
  });
}
