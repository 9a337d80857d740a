import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiAs } from './support/api';
import { newSignedInPage } from './support/fixtures';
import { describe, expect, test } from './support/test';

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const blocksEntry = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Blocks/ });
const shots = path.resolve(import.meta.dirname, '.artifacts/subscription-merge');

async function contentOf(page: Page, id: string) {
  return (await apiAs<{ content: string }>(page, 'GET', `/api/blocks/${id}`)).content;
}

/** The author publishes what her block holds now, through the labelled button of its card. */
async function publish(page: Page, name: string, notes: string, version: number) {
  await page.goto('/settings/blocks');
  await card(page, name)
    .getByText(`Edited since v${version - 1}`)
    .waitFor();
  await card(page, name).getByRole('button', { name: 'Publish update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish an update' });
  await dialog.getByLabel('Version notes').fill(notes);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await page.getByText(`Version ${version} published.`).waitFor();
}

describe('subscriptions keep the subscriber’s edits', () => {
  test('a clean merge keeps both changes; a conflict settled with "both" keeps both lines; updates are noticed until accepted', async ({
    browser,
    baseUrl,
  }) => {
    const name = `Merge ${Date.now().toString(36)}`;
    const ada = await newSignedInPage(browser, baseUrl, { name: 'Ada Author' });
    const bob = await newSignedInPage(browser, baseUrl, { name: 'Bob Reader' });
    const v1 = 'Role: reviewer.\nRead the whole diff.\nCheck the tests.\nBe brief.\n';
    const source = await apiAs<{ id: string }>(ada.page, 'POST', '/api/blocks', {
      name,
      content: v1,
      type: 'STATIC',
    });
    const item = await apiAs<{ id: string }>(ada.page, 'POST', `/api/blocks/${source.id}/share`, {
      isPublic: true,
    });
    const { blockId } = await apiAs<{ blockId: string }>(
      bob.page,
      'POST',
      `/api/shared-items/${item.id}/import`,
      { importMode: 'SUBSCRIBE' },
    );
    const editAda = (content: string) =>
      apiAs(ada.page, 'PUT', `/api/blocks/${source.id}`, { name, content, type: 'STATIC' });

    // Bob edits one line of his copy; the modal says updates will be merged with his edit.
    await bob.page.goto('/settings/blocks');
    await card(bob.page, name)
      .getByRole('button', { name: `Edit block ${name}` })
      .click();
    let dialog = bob.page.getByRole('dialog', { name: `Edit “${name}”` });
    await dialog.getByText(/This block follows a shared item \(version 1\)/).waitFor();
    await dialog.getByText(/the update is merged with your edits/).waitFor();
    await dialog
      .getByLabel(/^Content/)
      .fill('Role: reviewer.\nRead the whole diff.\nCheck the tests and the docs.\nBe brief.\n');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await blocksEntry(bob.page).textContent()).toBe('Blocks');

    // Ada changes another line and publishes version 2.
    await editAda('Role: senior reviewer.\nRead the whole diff.\nCheck the tests.\nBe brief.\n');
    await publish(ada.page, name, 'Senior now.', 2);

    // Bob notices it: a count on Blocks, a mark on the block in the generator's library.
    await bob.page.goto('/');
    await blocksEntry(bob.page).getByText('1 update available').waitFor();
    await bob.page
      .getByRole('region', { name: /standalone|autonome/i })
      .getByRole('button')
      .click();
    const library = bob.page.getByRole('region', { name: 'Block library' });
    const mark = library.getByRole('button', { name: `Update available for ${name}: preview it` });
    await mark.click();
    dialog = bob.page.getByRole('dialog', { name: 'Shared block update' });
    await dialog
      .getByRole('group', { name: 'Your edit' })
      .getByText('Check the tests and the docs.')
      .waitFor();
    await dialog
      .getByRole('group', { name: 'Version 2' })
      .getByText('Role: senior reviewer.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Keep my version' }).waitFor();
    await mkdir(shots, { recursive: true });
    await bob.page.screenshot({ path: path.join(shots, 'merged-1280.png') });
    await dialog.getByRole('button', { name: 'Accept update' }).click();
    await bob.page.getByText('Update applied!').waitFor();
    expect(await contentOf(bob.page, blockId)).toBe(
      'Role: senior reviewer.\nRead the whole diff.\nCheck the tests and the docs.\nBe brief.\n',
    );
    await mark.waitFor({ state: 'detached' });
    await expect.poll(() => blocksEntry(bob.page).textContent()).toBe('Blocks');

    // Ada now changes the very line Bob edited: version 3 conflicts with Bob's edit.
    await editAda(
      'Role: senior reviewer.\nRead the whole diff.\nCheck the tests first.\nBe brief.\n',
    );
    await publish(ada.page, name, 'Tests first.', 3);

    // The library lists it under "Updates for you"; Bob settles the conflict by keyboard.
    await bob.page.goto('/library');
    const updates = bob.page.getByRole('region', { name: 'Updates for you' });
    await updates.getByText('Version 2 → 3').waitFor();
    await blocksEntry(bob.page).getByText('1 update available').waitFor();
    await updates.getByRole('button', { name: `Preview update of ${name}` }).click();
    dialog = bob.page.getByRole('dialog', { name: 'Shared block update' });
    const conflict = dialog.getByRole('group', { name: 'Conflict 1 of 1' });
    await conflict.getByText('Check the tests and the docs.').waitFor();
    await conflict.getByText('Check the tests first.').waitFor();
    const accept = dialog.getByRole('button', { name: 'Accept update' });
    expect(await accept.isDisabled()).toBe(true);
    await dialog.getByText('1 conflict left to settle before you can accept.').waitFor();

    await bob.page.setViewportSize({ width: 1440, height: 900 });
    await bob.page.screenshot({ path: path.join(shots, 'conflict-1440.png') });

    await conflict.getByRole('radio', { name: 'Mine' }).focus();
    await bob.page.keyboard.press('Space');
    await bob.page.keyboard.press('ArrowRight');
    await bob.page.keyboard.press('ArrowRight');
    expect(await conflict.getByRole('radio', { name: 'Both' }).isChecked()).toBe(true);
    await dialog.getByText('Every conflict is settled: accept writes this result.').waitFor();

    await bob.page.setViewportSize({ width: 390, height: 844 });
    await bob.page.screenshot({ path: path.join(shots, 'conflict-390.png') });
    await accept.focus();
    await bob.page.keyboard.press('Enter');
    await bob.page.getByText('Update applied!').waitFor();
    expect(await contentOf(bob.page, blockId)).toBe(
      'Role: senior reviewer.\nRead the whole diff.\nCheck the tests and the docs.\nCheck the tests first.\nBe brief.\n',
    );
    await updates.waitFor({ state: 'detached' });
    // The sidebar is a closed drawer at 390 px, out of the accessibility tree: read it wide.
    await bob.page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => blocksEntry(bob.page).textContent()).toBe('Blocks');
  });
});
