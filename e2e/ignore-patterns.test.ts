import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs a new user in through the built-in local provider. */
async function signIn(name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: /local/i }).click();
  await page.getByLabel(/name/i).fill(name);
  await page.getByLabel(/email/i).fill(`${name.toLowerCase()}.${Date.now()}@example.test`);
  await page.getByRole('button', { name: /sign in|continue/i }).click();
  await page.waitForURL(`${baseUrl}/`);
  return page;
}

/** Every removable chip's pattern, by category, sorted: the page's whole custom set. */
async function customSet(page: Page): Promise<string[]> {
  const section = page.getByRole('region', { name: 'Your patterns' });
  const groups = section.getByRole('region');
  const result: string[] = [];
  for (const group of await groups.all()) {
    const category = await group.getAttribute('aria-label');
    for (const button of await group.getByRole('button', { name: /^Remove pattern / }).all()) {
      const label = (await button.getAttribute('aria-label')) ?? '';
      result.push(`${category} :: ${label.replace(/^Remove pattern /, '')}`);
    }
  }
  return result.sort();
}

describe('ignore-pattern settings', () => {
  it('loads the Node template with Merge, edits, saves and finds the same set after a reload', async () => {
    const page = await signIn('Grace');
    await page.goto(`${baseUrl}/settings/ignore-patterns`);
    await page.getByRole('heading', { level: 1, name: 'Ignore patterns' }).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    // The read-only system group is there and has no remove buttons.
    const system = page.getByRole('region', { name: 'System patterns' });
    await system.getByText('node_modules/', { exact: true }).waitFor();
    expect(await system.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    // Template loader: searchable, with an empty state.
    await page.getByRole('button', { name: 'Load a template' }).click();
    const templateSearch = page.getByRole('combobox', { name: 'Search templates' });
    await templateSearch.fill('zzz-no-such-template');
    await page.getByText('No template matches your search.').waitFor();
    await templateSearch.fill('node');
    await page.getByRole('option', { name: 'Node', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Load the “Node” template' });
    await dialog.getByText(/This template holds \d+ patterns/).waitFor();
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByText('Template “Node” merged. Save to keep it.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const logs = page.getByRole('region', { name: 'Logs', exact: true });
    await logs.getByRole('button', { name: 'Remove pattern *.log' }).waitFor();
    expect(await save.isEnabled()).toBe(true);

    // Add a custom pattern with Enter; the button is disabled while the input is empty.
    const input = page.getByLabel('Add a pattern');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await input.fill('  secrets/  ');
    await input.press('Enter');
    const custom = page.getByRole('region', { name: 'Custom patterns' });
    await custom.getByRole('button', { name: 'Remove pattern secrets/' }).waitFor();
    expect(await input.inputValue()).toBe('');
    // A duplicate in the same category is refused with the rule's message.
    await input.fill('secrets/');
    await add.click();
    await page.getByText('This pattern already exists in this category.').waitFor();
    await input.fill('');

    // Remove one chip.
    await page.getByRole('button', { name: 'Remove pattern lib-cov' }).click();
    expect(await page.getByRole('button', { name: 'Remove pattern lib-cov' }).count()).toBe(0);

    const before = await customSet(page);
    expect(before).toContain('Custom patterns :: secrets/');
    expect(before).toContain('Logs :: *.log');
    expect(before.some((entry) => entry.endsWith(':: lib-cov'))).toBe(false);

    await save.click();
    await page.getByText('Ignore patterns saved.').waitFor();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save')
          ?.disabled === true,
    );

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Ignore patterns' }).waitFor();
    await page.getByRole('button', { name: 'Remove pattern secrets/' }).waitFor();
    expect(await customSet(page)).toEqual(before);
    expect(await save.isDisabled()).toBe(true);

    // The search narrows both the custom and the system chips.
    await page.getByRole('searchbox', { name: 'Search patterns' }).fill('secrets');
    expect(await customSet(page)).toEqual(['Custom patterns :: secrets/']);
    await page.close();
  });
});
