import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareChromium } from './browser';
import { freePort } from './free-port';
import { artifactsDir, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the real server the e2e suite drives, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the real server (built SPA + API, PGlite in a temp dir) once for the e2e project. */
export default async function setup(project: TestProject) {
  const webDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(root, 'packages/web/dist'));
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `No web build in ${webDist}: run \`npm run build\` (or set E2E_WEB_DIST to a vite build).`,
    );
  }
  await mkdir(artifactsDir, { recursive: true });
  await prepareChromium();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-e2e-'));
  let server;
  try {
    server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      AUTH_LOCAL: 'true',
      // Every context sends its own X-Forwarded-For (fixtures.ts), so the per-client auth rate
      // limits count each test user apart, as for real users, not the whole suite as one client.
      TRUST_PROXY: '1',
    });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', server.url);

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
