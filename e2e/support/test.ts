import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { inject, test as base } from 'vitest';
import { launchAppBrowser, type AppBrowser } from './browser';

const artifactsDir = path.resolve(import.meta.dirname, '../.artifacts');

interface E2eFixtures {
  /** Origin of the real server started by global-setup.ts. */
  baseUrl: string;
  /** Opens isolated contexts (see launchAppBrowser); every test opens its own. */
  browser: AppBrowser;
  /** Screenshots every open page when the test failed, then closes the test's contexts. */
  pageCleanup: void;
}

const fileSafe = (name: string) => name.replace(/[^\w.-]+/g, '-').slice(0, 120);

/**
 * The e2e `test`: `test('…', async ({ browser, baseUrl }) => …)`. Contexts a test opens are
 * closed after it; on failure each page is saved to e2e/.artifacts/<test>-<n>.png first.
 */
export const test = base.extend<E2eFixtures>({
  // eslint-disable-next-line no-empty-pattern
  baseUrl: async ({}, use) => use(inject('baseUrl')),
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchAppBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  pageCleanup: [
    async ({ browser, task }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      if (task.result?.state === 'fail') {
        await mkdir(artifactsDir, { recursive: true });
        const pages = opened
          .flatMap((context) => context.pages())
          .filter((page) => page.url() !== 'about:blank');
        await Promise.all(
          pages.map((page, index) =>
            page
              .screenshot({
                path: path.join(artifactsDir, `${fileSafe(task.name)}-${index + 1}.png`),
                fullPage: true,
              })
              .catch(() => undefined),
          ),
        );
      }
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});

export { describe, expect } from 'vitest';
