import type { Page } from 'playwright-core';
import {
  newSignedInPage,
  stubDirectoryPicker,
  writeOpfsProject,
  emptyComposition,
} from './support/fixtures';
import { backgroundLuminance } from './support/luminance';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import { generatePrompt } from './support/workspace';

const ROOT = 'sample-project';
const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('theme (docs/decisions/033)', () => {
  test('follows the system until Light or Dark is chosen, and remembers the choice', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const theme = page.getByRole('group', { name: 'Theme' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await theme.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);

    await theme.getByRole('radio', { name: 'Dark' }).check();
    expect(await isDark(page)).toBe(true);
    expect(await backgroundLuminance(page, 'body')).toBeLessThan(0.05);

    // Applied before the app starts: the class is already there when the document is parsed.
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await isDark(page)).toBe(true);
    await page.getByRole('group', { name: 'Theme' }).waitFor();
    expect(await theme.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

    await theme.getByRole('radio', { name: 'Light' }).check();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await theme.waitFor();
    expect(await isDark(page)).toBe(false);
    expect(await backgroundLuminance(page, 'body')).toBeGreaterThan(0.8);
  });

  test('dark mode: the main flow from a project folder to the generated prompt', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await page.emulateMedia({ colorScheme: 'dark' });
    await writeOpfsProject(page, ROOT);
    await stubDirectoryPicker(context, ROOT);
    await page.reload();
    expect(await isDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Select a project folder' }).click();
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.waitFor();
    const library = page.getByRole('region', { name: 'Block library' });
    await emptyComposition(page);
    await library.getByRole('button', { name: 'Selected files content', exact: true }).click();
    await tree.getByRole('checkbox', { name: 'Select README.md', exact: true }).check();
    await page.getByRole('button', { name: 'Add the task' }).click();
    await page.getByLabel('Final request').fill('Summarise the README.');
    await settledTokens(page);
    expect(await backgroundLuminance(page, '[role="tree"]')).toBeLessThan(0.05);

    expect(await generatePrompt(page)).toContain('# Sample project');
    expect(await backgroundLuminance(page, 'dialog[open]')).toBeLessThan(0.05);
    // The prompt's code panel stays a dark panel: the flipped palette would make it white.
    expect(await backgroundLuminance(page, 'dialog[open] pre')).toBeLessThan(0.05);
  });
});
