// First-load row: the JavaScript a signed-out visitor's browser downloads to show the login
// page, gzip-compressed as a server would send it. `node --import tsx bench/first-load.ts`
// runs this row alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { launchBrowser } from '../e2e/support/browser';
import { ROOT, startServer } from './browser-app';

/** Target: the login page needs at most this much JavaScript, gzip-compressed. */
const FIRST_LOAD_TARGET_KB = 180;

/** The gzip size (kB) and count of every script the login page loads until its sign-in shows. */
export async function measureFirstLoad(): Promise<{ kb: number; files: number }> {
  const dist = await mkdtemp(join(tmpdir(), 'promptloom-bench-first-load-'));
  await build({
    configFile: join(ROOT, 'packages/web/vite.config.ts'),
    root: join(ROOT, 'packages/web'),
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, sourcemap: false },
  });
  const server = await startServer(dist);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: /local/i }).waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    return { kb: sizes.reduce((sum, size) => sum + size, 0) / 1024, files: sizes.length };
  } finally {
    await browser.close();
    await server.stop();
    await rm(dist, { recursive: true, force: true });
  }
}

/** The first-load row of the bench table. */
export async function firstLoadRows(): Promise<string[]> {
  const { kb, files } = await measureFirstLoad();
  const ok = kb <= FIRST_LOAD_TARGET_KB ? 'yes' : '**NO**';
  return [
    `| web | 15. first load: JavaScript of the login page until its sign-in shows, gzip (target ≤ ${FIRST_LOAD_TARGET_KB} kB) | ${kb.toFixed(1)} kB in ${files} files | | | | | | ${ok} |`,
  ];
}

if (process.argv[1] === import.meta.filename) console.log((await firstLoadRows()).join('\n'));
