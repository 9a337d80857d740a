import type { Page } from 'playwright-core';
import {
  newAppContext,
  newSignedInPage,
  stubDirectoryPicker,
  writeOpfsProject,
} from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, test } from './support/test';

const OUT = process.env.SHOTS_DIR ?? '/tmp/pp-shots';
const TAG = process.env.SHOTS_TAG ?? 'before';

async function both(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/${TAG}-${name}-${scheme}.png` });
  }
}

describe('scratch screenshots', () => {
  test('workspace', async ({ browser, baseUrl }) => {
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      const { context, page } = await newSignedInPage(browser, baseUrl);
      await writeOpfsProject(page, 'sample-project');
      await stubDirectoryPicker(context, 'sample-project');
      await page.setViewportSize({ width: w!, height: h! });
      await page.reload();
      await page.getByRole('button', { name: 'Select a project folder' }).click();
      await page.getByTestId('project-name').waitFor();
      await settledTokens(page);
      await both(page, `workspace-${w}`);
    }
  });
  test('login', async ({ browser, baseUrl }) => {
    const context = await newAppContext(browser, baseUrl);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/share/abcdefghijklmnopqrstuvwxyz');
    await page.getByRole('button', { name: /local/i }).waitFor();
    await both(page, 'login-share');
    await page.getByRole('button', { name: /local/i }).click();
    await page.getByLabel('Name').waitFor();
    await both(page, 'local');
    await page.setViewportSize({ width: 390, height: 844 });
    await both(page, 'local-390');
  });
});
