// What the lab's Chromium cost scripts share: one export of core bundled for a page, and the
// bundles run alternately, each in a fresh browser context.
import { readFileSync } from 'node:fs';
import { buildSync } from 'esbuild';
import type { Browser, Page } from 'playwright-core';

/** `name` of core's suggest/index-file.ts, bundled for a page as a global into `outfile`. */
export function bundleIndexExport(name: string, outfile: string): void {
  buildSync({
    stdin: {
      contents: `import { ${name} } from './packages/core/src/suggest/index-file'; globalThis.${name} = ${name};`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    outfile,
  });
}

/**
 * REPS rounds (2 by default), each bundle once a round in a fresh context on about:blank, the
 * order reversed every other round so that load falls on each alike.
 */
export async function alternateBundles(
  browser: Browser,
  bundles: readonly string[],
  measure: (page: Page, source: string) => Promise<string>,
): Promise<void> {
  for (let rep = 0; rep < Number(process.env.REPS ?? 2); rep++) {
    for (const bundle of rep % 2 ? [...bundles].reverse() : bundles) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('about:blank');
      console.log(`${bundle}: ${await measure(page, readFileSync(bundle, 'utf8'))}`);
      await context.close();
    }
  }
}
