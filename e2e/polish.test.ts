import { PROMPT_SECTION_SEPARATOR } from '@promptloom/core';
import { apiCall } from './support/api';
import { newSignedInPage, openOpfsFolder } from './support/fixtures';
import { describe, expect, test } from './support/test';

describe('workspace polish', () => {
  test('the landing example is the real renderer output; an empty library points to starter blocks', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const example = page.getByTestId('example-prompt');
    const text = (await example.textContent()) ?? '';
    // The default "sections" format: blocks separated by a line of '=', no invented headings.
    expect(text.split('\n').filter((line) => line === PROMPT_SECTION_SEPARATOR)).toHaveLength(3);
    expect(text).toContain('File: src/api/users.ts\n```typescript\n');
    expect(text).not.toMatch(/^#+ /m);

    await page.getByRole('button', { name: 'Continue without a project' }).click();
    const library = page.getByRole('region', { name: 'Block library' });
    // A search that matches nothing says so where the blocks were, the pointer out of its way.
    const search = library.getByRole('searchbox');
    await search.fill('no such block');
    await library.getByText('No block matches.', { exact: true }).waitFor();
    expect(await library.getByRole('link', { name: 'Browse the starter blocks' }).count()).toBe(0);
    await search.fill('');
    await library.getByRole('link', { name: 'Browse the starter blocks' }).click();
    await page.waitForURL(/\/library\?tab=recommended$/);
    expect(await page.getByRole('tab', { name: 'Recommended' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  test('subscribed blocks with a new version are announced in the workspace', async ({
    browser,
    baseUrl,
  }) => {
    const name = `Reviewer ${Date.now().toString(36)}`;
    const ada = await newSignedInPage(browser, baseUrl, { name: 'Ada Author' });
    const bob = await newSignedInPage(browser, baseUrl, { name: 'Bob Reader' });
    const body = { name, content: 'Review the code.', type: 'STATIC', category: 'Reviews' };
    const block = await apiCall<{ id: string }>(ada.page, 'POST', '/api/blocks', body);
    const shared = await apiCall<{ id: string }>(
      ada.page,
      'POST',
      `/api/blocks/${block.id}/share`,
      { isPublic: true },
    );
    await apiCall(bob.page, 'POST', `/api/shared-items/${shared.id}/import`, {
      importMode: 'SUBSCRIBE',
    });
    // The sidebar's update count read Bob's blocks at sign-in, before this import.
    await bob.page.reload();

    await bob.page.getByRole('button', { name: 'Continue without a project' }).click();
    const library = bob.page.getByRole('region', { name: 'Block library' });
    await library.getByRole('button', { name, exact: true }).waitFor();
    expect(await library.getByRole('link', { name: /update.* available/ }).count()).toBe(0);
    // The empty-library pointer is gone once the user has a block of their own.
    expect(await library.getByRole('link', { name: 'Browse the starter blocks' }).count()).toBe(0);

    await apiCall(ada.page, 'PUT', `/api/blocks/${block.id}`, {
      ...body,
      content: 'Review the code. Be kind.',
    });
    await apiCall(ada.page, 'PUT', `/api/shared-items/${shared.id}`, { versionNotes: 'Kinder' });

    await bob.page.reload();
    const badge = library.getByRole('link', { name: '1 block update available' });
    await badge.click();
    await bob.page.waitForURL(/\/settings\/blocks$/);
  });

  test('icon buttons show their name as a tooltip; the file search has one clear button', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openOpfsFolder(page, 'sample-project');

    const searchToggle = page.getByRole('button', { name: 'Search files' });
    await searchToggle.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Search files');
    await page.mouse.move(0, 0);
    expect(await page.getByRole('tooltip').count()).toBe(0);

    // Keyboard focus shows it too.
    await searchToggle.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Search files');

    await searchToggle.click();
    const search = page.getByRole('searchbox', { name: 'Search files' });
    await search.fill('greet');
    expect(await page.getByRole('button', { name: 'Clear the search' }).count()).toBe(1);
    // No browser clear button beside ours: the field is not a type="search" input.
    expect(await search.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Clear the search' }).click();
    expect(await search.inputValue()).toBe('');
  });

  test('on a phone the closed menu is out of the tab order; Escape closes the open one', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Open menu' });
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await menu.waitFor();
    // The drawer hides once it has slid out (the resize slid it).
    await expect.poll(() => navigation.count()).toBe(0);
    // Tab from the menu button leaves the banner for the page, not for the hidden drawer.
    await menu.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#app-sidebar'))).toBe(
      false,
    );

    await menu.click();
    await navigation.waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('#app-sidebar'))).toBe(true);
    await page.keyboard.press('Escape');
    await navigation.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  test("the prompt settings' captions and fields line up in one row", async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openOpfsFolder(page, 'sample-project');
    const fields = [
      page.getByRole('combobox', { name: 'Model', exact: true }),
      page.getByRole('spinbutton', { name: 'Answer reserve', exact: true }),
      page.getByRole('combobox', { name: 'Prompt format', exact: true }),
    ];
    const captions = ['Model', 'Answer reserve', 'Prompt format'].map((name) =>
      page.getByText(name, { exact: true }),
    );
    const tops = async (locators: typeof fields) =>
      Promise.all(locators.map(async (locator) => (await locator.boundingBox())!.y));
    for (const row of [await tops(fields), await tops(captions)]) {
      expect(Math.max(...row) - Math.min(...row)).toBeLessThanOrEqual(1);
    }
  });
});
