// indexFile over a folder held in memory, in Chromium's V8 (the browser's index worker runs a
// newer engine than this repository's Node): three passes over every file in a fresh page,
// the first with an empty identifier table as a worker's first build.
// `BUNDLE_TO=file node --import tsx bench/lab/index-cost-chromium.ts` bundles this worktree's
// indexFile into `file`; `node --import tsx bench/lab/index-cost-chromium.ts DIR a.js b.js`
// runs bundles alternately (REPS rounds, 2 by default), with no other browser running.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import { launchBrowser } from '../../e2e/support/browser';
import { alternateBundles, bundleIndexExport } from './chromium-bundles';
import { filesUnder } from './folder-files';

/** Three passes of each bundle's indexFile over every file of `dir`, bundles alternately. */
async function timeBundles(dir: string, bundles: string[]): Promise<void> {
  const files = (await filesUnder(dir)).map((path) => {
    const text = readFileSync(path, 'utf8');
    return [relative(dir, path), text.slice(0, 512 * 1024)] as const;
  });
  const browser = await launchBrowser();
  try {
    await alternateBundles(browser, bundles, async (page, source) => {
      await page.addScriptTag({ content: source });
      await page.evaluate((all) => ((globalThis as { files?: unknown }).files = all), files);
      const times = await page.evaluate(() => {
        const { files: all, indexFile } = globalThis as unknown as {
          files: [string, string][];
          indexFile: (input: { path: string; text: string }) => unknown;
        };
        const passes: number[] = [];
        for (let pass = 0; pass < 3; pass++) {
          const started = performance.now();
          for (const [path, text] of all) indexFile({ path, text });
          passes.push(performance.now() - started);
        }
        return passes;
      });
      const ms = times.map((t) => t.toFixed(0)).join(' / ');
      return `${ms} ms (load ${loadavg()[0]!.toFixed(1)})`;
    });
  } finally {
    await browser.close();
  }
}

if (process.env.BUNDLE_TO) bundleIndexExport('indexFile', process.env.BUNDLE_TO);
else {
  const [dir, ...bundles] = process.argv.slice(2) as [string, ...string[]];
  await timeBundles(dir, bundles);
}
