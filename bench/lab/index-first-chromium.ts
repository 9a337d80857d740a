// A first build's indexing in Chromium's V8, in a dedicated worker as the app's index worker:
// indexFileHashed over every file of a folder, a first pass (a fresh worker, its identifier
// table empty, its code not yet compiled) and a second, with Chromium's CPU over each from
// /proc, all threads (the worker's, and the compiler's and collector's helpers) and the
// worker's thread alone.
// `BUNDLE_TO=file node --import tsx bench/lab/index-first-chromium.ts` bundles this worktree's
// indexFileHashed into `file`; `flock /work/wt/browser.lock node --import tsx
// bench/lab/index-first-chromium.ts DIR a.js b.js` runs bundles alternately (REPS rounds, 2
// by default), a fresh browser context each; JS_FLAGS passes V8 flags.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import { launchBrowser } from '../../e2e/support/browser';
import { chromiumThreads, cpuBetween } from '../chromium-cpu';
import { alternateBundles, bundleIndexExport } from './chromium-bundles';
import { filesUnder } from './folder-files';

const WORKER = `
let files = [];
self.onmessage = (event) => {
  if (event.data.files) { files = event.data.files; self.postMessage(0); return; }
  const started = performance.now();
  for (const [path, text] of files) self.indexFileHashed({ path, text });
  self.postMessage(performance.now() - started);
};`;

async function timeBundles(dir: string, bundles: string[]): Promise<void> {
  const files = (await filesUnder(dir)).map((path) => {
    const text = readFileSync(path, 'utf8');
    return [relative(dir, path), text] as const;
  });
  // JS_FLAGS: V8 flags for the lab (`--single-threaded-gc`…), to tell its threads' work apart.
  const browser = await launchBrowser(
    process.env.JS_FLAGS ? [`--js-flags=${process.env.JS_FLAGS}`] : [],
  );
  try {
    await alternateBundles(browser, bundles, async (page, bundled) => {
      await page.evaluate(
        async ({ source, all }) => {
          const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
          const worker = new Worker(url);
          (globalThis as { indexWorker?: Worker }).indexWorker = worker;
          await new Promise((resolve) => {
            worker.onmessage = resolve;
            worker.postMessage({ files: all });
          });
        },
        { source: bundled + WORKER, all: files },
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const passes: string[] = [];
      for (let pass = 0; pass < 2; pass++) {
        const before = chromiumThreads();
        const ms = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const worker = (globalThis as unknown as { indexWorker: Worker }).indexWorker;
              worker.onmessage = (event) => resolve(event.data as number);
              worker.postMessage({});
            }),
        );
        const cpu = cpuBetween(before, chromiumThreads());
        let total = 0;
        let worker = 0;
        for (const [name, spent] of cpu) {
          total += spent;
          if (/worker/i.test(name) && spent > worker) worker = spent;
        }
        passes.push(`${ms.toFixed(0)} ms, cpu ${total.toFixed(0)} (worker ${worker.toFixed(0)})`);
      }
      return `${passes.join(' / ')} (load ${loadavg()[0]!.toFixed(1)})`;
    });
  } finally {
    await browser.close();
  }
}

if (process.env.BUNDLE_TO) bundleIndexExport('indexFileHashed', process.env.BUNDLE_TO);
else {
  const [dir, ...bundles] = process.argv.slice(2) as [string, ...string[]];
  await timeBundles(dir, bundles);
}
