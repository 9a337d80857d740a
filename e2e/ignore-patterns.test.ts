import type { Page } from 'playwright-core';
import { newSignedInPage, withoutDirectoryPicker, writeDiskProject } from './support/fixtures';
import { describe, expect, test } from './support/test';

/** A project whose folders the saved patterns hide (or, once a chip is removed, show). */
const PROJECT = {
  'README.md': '# Patterns demo\n',
  'src/index.ts': 'export const answer = 42;\n',
  'secrets/api-key.txt': 'not for prompts\n',
  'pids/server.pid': '4242\n',
  'lib-cov/index.js': 'instrumented\n',
};

/** Every removable chip as "category :: pattern", sorted: the page's whole custom set. */
async function customSet(page: Page): Promise<string[]> {
  const groups = page.getByRole('region', { name: 'Your patterns' }).getByRole('region');
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

async function openSettings(page: Page) {
  await page.goto('/settings/ignore-patterns');
  await page.getByRole('heading', { level: 1, name: 'Ignore patterns' }).waitFor();
}

async function saveAndWait(page: Page) {
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await page.getByText('Ignore patterns saved.').last().waitFor();
  await expect.poll(() => save.isDisabled()).toBe(true);
}

/** The workspace tree's entries, by checkbox label. */
const treeEntry = (page: Page, label: string) =>
  page.getByRole('tree', { name: 'Project files' }).getByRole('checkbox', { name: label });

describe('ignore-pattern settings', () => {
  test('loads the Node template with Merge, edits, saves and finds the same set after a reload', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openSettings(page);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    // On a phone the page's text has the whole width; Save goes under it, not beside it.
    await page.setViewportSize({ width: 390, height: 844 });
    const intro = page.getByText(/^Files and folders matching these gitignore patterns/);
    await expect.poll(async () => (await intro.boundingBox())!.width).toBeGreaterThan(300);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The read-only system group is there, without remove buttons.
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
    await page
      .getByRole('region', { name: 'Logs', exact: true })
      .getByRole('button', { name: 'Remove pattern *.log' })
      .waitFor();
    expect(await save.isEnabled()).toBe(true);

    // Add a custom pattern with Enter; the button is disabled while the input is empty.
    const input = page.getByLabel('Add a pattern');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await input.fill('  secrets/  ');
    await input.press('Enter');
    await page
      .getByRole('region', { name: 'Custom patterns' })
      .getByRole('button', { name: 'Remove pattern secrets/' })
      .waitFor();
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
    expect(before).toContain('Runtime data :: pids');
    expect(before.some((entry) => entry.endsWith(':: lib-cov'))).toBe(false);
    await saveAndWait(page);

    await page.reload();
    await page.getByRole('button', { name: 'Remove pattern secrets/' }).waitFor();
    expect(await customSet(page)).toEqual(before);
    expect(await save.isDisabled()).toBe(true);

    // The search narrows the chips.
    await page.getByRole('searchbox', { name: 'Search patterns' }).fill('secrets');
    expect(await customSet(page)).toEqual(['Custom patterns :: secrets/']);
  });

  test('the workspace hides what the saved patterns match', async ({ browser, baseUrl }) => {
    const { page, context } = await newSignedInPage(browser, baseUrl);
    await openSettings(page);
    const input = page.getByLabel('Add a pattern');
    await input.fill('secrets/');
    await input.press('Enter');
    await input.fill('pids');
    await input.press('Enter');
    await saveAndWait(page);

    const dir = await writeDiskProject('patterns-demo', PROJECT);
    await withoutDirectoryPicker(context);
    await page.goto('/');
    await page.bringToFront();
    await page.getByLabel('Upload a project folder').setInputFiles(dir);
    await treeEntry(page, 'Select README.md').waitFor();
    await treeEntry(page, 'Select folder lib-cov').waitFor();
    expect(await treeEntry(page, 'Select folder src').count()).toBe(1);
    expect(await treeEntry(page, 'Select folder secrets').count()).toBe(0);
    expect(await treeEntry(page, 'Select folder pids').count()).toBe(0);

    // Removing a pattern and saving brings its folder back.
    await page.getByRole('link', { name: 'Ignore patterns' }).click();
    await page.getByRole('button', { name: 'Remove pattern secrets/' }).click();
    await saveAndWait(page);
    await page.getByRole('link', { name: 'Generator' }).click();
    await treeEntry(page, 'Select folder secrets').waitFor();
    expect(await treeEntry(page, 'Select folder pids').count()).toBe(0);
  });
});
