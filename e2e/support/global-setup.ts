import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the real server the e2e suite drives, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
export const artifactsDir = path.join(root, 'e2e/.artifacts');
const startTimeoutMs = 90_000;
const stopTimeoutMs = 20_000;

/** The server's environment: only what the suite sets, nothing inherited that changes behaviour. */
function serverEnv(port: number, dataDir: string, webDist: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const configVariable =
      /^(AUTH_|DATABASE_URL|REDIS_URL|PUBLIC_URL|JWT_SECRET|WEB_DIST_DIR|TRUST_PROXY)/;
    if (!configVariable.test(key)) env[key] = value;
  }
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    AUTH_LOCAL: 'true',
    // Every context sends its own X-Forwarded-For (fixtures.ts), so the per-client auth rate
    // limits count each test user apart, as for real users, not the whole suite as one client.
    TRUST_PROXY: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`e2e server exited (${server.exitCode ?? server.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`e2e server not healthy after ${startTimeoutMs} ms:\n${output()}`);
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // SIGTERM lets the server close PGlite; SIGKILL only if it hangs.
  const killer = setTimeout(() => server.kill('SIGKILL'), stopTimeoutMs);
  server.kill('SIGTERM');
  await exited;
  clearTimeout(killer);
}

/** Starts the real server (built SPA + API, PGlite in a temp dir) once for the e2e project. */
export default async function setup(project: TestProject) {
  const webDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(root, 'packages/web/dist'));
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `No web build in ${webDist}: run \`npm run build\` (or set E2E_WEB_DIST to a vite build).`,
    );
  }
  await mkdir(artifactsDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const log = createWriteStream(path.join(artifactsDir, `server-${port}.log`));
  let recent = '';
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    { cwd: root, env: serverEnv(port, dataDir, webDist), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const capture = (chunk: Buffer) => {
    log.write(chunk);
    recent = (recent + chunk.toString()).slice(-8_000);
  };
  server.stdout.on('data', capture);
  server.stderr.on('data', capture);

  try {
    await waitForHealth(baseUrl, server, () => recent);
  } catch (error) {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stop(server);
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
}
