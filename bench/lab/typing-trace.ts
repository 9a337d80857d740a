// One typing visit of row 5 (cold select all on the medium corpus, the request typed while it
// counts) under a Chromium trace, and what the renderer's main thread did during each key:
// `node --import tsx bench/lab/typing-trace.ts [slowest]`. Each key's window runs from its event
// to the task after the frame that paints it (keystrokes.ts); the main thread's trace events
// inside it are summed by kind (script by function from the trace's CPU samples, style, layout,
// paint, GC, messages), for the slowest keys one by one and for all keys together.
// The tracer slows the page several times: read the shares, not the milliseconds.
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../../e2e/support/browser';
import { buildWeb, signIn, startServer, takeUploadPathKeepingFiles } from '../browser-app';
import { ensureCorpora } from '../corpora';
import { typeInto } from '../keystrokes';
import type { TraceEvent } from './trace-events';
import { analyseKeys, startTrace } from './trace-keys';

const slowest = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10);
/** The last trace and keys, kept to analyse again (`--again`). */
const SAVED = join(tmpdir(), 'promptloom-typing-trace.json');
if (process.argv.includes('--again')) {
  const { events, keys } = JSON.parse(await readFile(SAVED, 'utf8')) as {
    events: TraceEvent[];
    keys: Parameters<typeof analyseKeys>[1];
  };
  console.log(analyseKeys(events, keys, slowest).join('\n'));
  process.exit(0);
}
const medium = (await ensureCorpora()).find((c) => c.name === 'medium')!;

// Unminified, so the samples name the app's functions.
process.env.BENCH_PROFILE = '1';
await buildWeb();
const server = await startServer();
const browser = await launchBrowser();
const loadBefore = loadavg()[0]!.toFixed(1);
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await takeUploadPathKeepingFiles(page);
  await signIn(page, server.url);
  await page.setInputFiles('input[type="file"][webkitdirectory]', medium.dir);
  await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem').first().waitFor();
  const composition = page.getByRole('list', { name: 'Composition blocks' });
  await composition.getByRole('listitem').first().waitFor();
  for (const name of ['Project structure', 'Selected files content', 'Dynamic User Task']) {
    if ((await composition.getByRole('listitem', { name, exact: true }).count()) > 0) continue;
    await page.getByRole('button', { name, exact: true }).first().click();
  }
  await page.getByRole('combobox', { name: 'Model' }).selectOption('custom');
  await page.getByLabel('Context window').fill('1000000000');
  const bar = page.getByRole('progressbar').first();
  await page.waitForFunction(() => {
    const el = document.querySelector('[role="progressbar"]');
    return el?.getAttribute('aria-busy') !== 'true';
  });
  const before = await bar.getAttribute('aria-valuenow');
  // Each key: its event time, when handled, the frame's begin and the task after it, with a
  // user-timing mark whose trace time ties the page's clock to the trace's.
  await page.evaluate(`(() => {
    const keys = [];
    window.__keys = keys;
    let keyAt = 0;
    document.addEventListener('keydown', (e) => { keyAt = e.timeStamp; }, true);
    window.addEventListener('input', () => queueMicrotask(() => {
      const startedAt = keyAt;
      keyAt = 0;
      if (startedAt === 0) return;
      const handledAt = performance.now();
      const mark = performance.mark('key-' + keys.length).startTime;
      const key = { keyAt: startedAt, handledAt, mark };
      keys.push(key);
      requestAnimationFrame((began) => setTimeout(() => {
        key.frameBegan = began;
        key.doneAt = performance.now();
      }));
    }));
  })()`);
  const stopTrace = await startTrace(page, { more: ['IndexedDB'] });
  await page.getByRole('button', { name: 'Select all', exact: true }).click();
  await typeInto(page.getByLabel('Final request'));
  await page.waitForFunction(
    (shown) => {
      const el = document.querySelector('[role="progressbar"]');
      return (
        el?.getAttribute('aria-valuenow') !== shown && el?.getAttribute('aria-busy') !== 'true'
      );
    },
    before,
    { timeout: 300_000 },
  );
  const events = await stopTrace();
  const keys = await page.evaluate('window.__keys');
  await writeFile(SAVED, JSON.stringify({ events, keys }));
  console.log(`Traced typing visit, load ${loadBefore}–${loadavg()[0]!.toFixed(1)}`);
  console.log(analyseKeys(events, keys as Parameters<typeof analyseKeys>[1], slowest).join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
