import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { newSignedInPage } from './support/fixtures';
import { insideWidth, onOneLine } from './support/layout';
import { describe, expect, test } from './support/test';

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('community library', () => {
  test('share publicly and by link, like, subscribe, publish an update, preview and accept it', async ({
    browser,
    baseUrl,
  }) => {
    const suffix = Date.now().toString(36);
    const publicName = `Reviewer ${suffix}`;
    const privateName = `Checklist ${suffix}`;
    const ada = await newSignedInPage(browser, baseUrl, { name: 'Ada Author' });
    const bob = await newSignedInPage(browser, baseUrl, { name: 'Bob Reader' });

    // Ada's two blocks (set up through the API; sharing itself goes through the UI).
    const source = await apiCall<{ id: string }>(ada.page, 'POST', '/api/blocks', {
      name: publicName,
      content: 'Review the code.\nPoint out bugs.\nBe kind.',
      type: 'STATIC',
      category: 'Reviews',
    });
    await apiCall(ada.page, 'POST', '/api/blocks', {
      name: privateName,
      content: 'Check inputs.\nCheck outputs.',
      type: 'STATIC',
      category: 'Reviews',
    });

    // Ada shares the first block publicly, with a description and a tag.
    await ada.page.goto('/settings/blocks');
    await card(ada.page, publicName)
      .getByRole('button', { name: `Share ${publicName}` })
      .click();
    let dialog = ada.page.getByRole('dialog');
    await dialog.getByLabel(/^Description/).fill('Finds bugs kindly.');
    await dialog.getByLabel(/^Tags/).fill(`e2e-${suffix}`);
    await dialog.getByLabel(/^Tags/).press('Enter');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('Your block is shared publicly').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const manage = card(ada.page, publicName).getByRole('button', {
      name: `Manage the share of ${publicName}`,
    });
    await manage.waitFor();
    // The card's badge keeps to one line; as published, there is no update to publish.
    expect(
      await onOneLine(card(ada.page, publicName).getByText('Shared · v1', { exact: true })),
    ).toBe(true);
    expect(
      await card(ada.page, publicName).getByRole('button', { name: 'Publish update' }).count(),
    ).toBe(0);
    // On a phone the share's dialog keeps every button on screen.
    await ada.page.setViewportSize({ width: 390, height: 844 });
    await manage.click();
    dialog = ada.page.getByRole('dialog', { name: /^Manage share/ });
    await dialog.getByRole('button', { name: 'Update', exact: true }).waitFor();
    for (const control of await dialog.getByRole('button').all()) {
      expect(await insideWidth(ada.page, control)).toBe(true);
    }
    expect(await insideWidth(ada.page, dialog.getByRole('link', { name: 'View page' }))).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ada.page.setViewportSize({ width: 1280, height: 800 });

    // …and the second one by a private link that expires in 7 days.
    await card(ada.page, privateName)
      .getByRole('button', { name: `Share ${privateName}` })
      .click();
    dialog = ada.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Private link/ }).check();
    await dialog.getByLabel('Link expiration').selectOption('7');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    const linkField = dialog.getByLabel('Share link');
    await linkField.waitFor();
    const privateLink = await linkField.inputValue();
    expect(privateLink).toMatch(new RegExp(`^${baseUrl}/share/[A-Za-z0-9_-]{22,}$`));
    await dialog.getByText(/Expires on/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Bob finds the public block in the library (not the private one), likes it, subscribes.
    await bob.page.goto('/library');
    await bob.page.getByRole('searchbox', { name: 'Search the library' }).fill(suffix);
    // The search's own results, not the list from before it settled.
    await bob.page.waitForURL(new RegExp(`[?&]q=${suffix}(&|$)`));
    await bob.page
      .getByRole('tabpanel', { name: 'All' })
      .and(bob.page.locator('[aria-busy="false"]'))
      .waitFor();
    const libraryCard = card(bob.page, publicName);
    await libraryCard.waitFor();
    expect(await card(bob.page, privateName).count()).toBe(0);
    const like = libraryCard.getByRole('button', { name: `Like ${publicName}` });
    await like.click();
    const unlike = libraryCard.getByRole('button', { name: `Unlike ${publicName}` });
    await expect.poll(() => unlike.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => unlike.textContent()).toBe('1');

    await libraryCard.getByRole('link', { name: publicName }).click();
    await bob.page.getByRole('heading', { level: 1, name: publicName }).waitFor();
    await bob.page.getByText('Finds bugs kindly.').waitFor();
    await bob.page.getByRole('button', { name: 'Import' }).click();
    dialog = bob.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Subscribe/ }).check();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await bob.page.waitForURL(/\/settings\/blocks$/);
    await card(bob.page, publicName).getByText('Subscribed · v1').waitFor();

    // The private link resolves for Bob and lands on the item's page.
    await bob.page.goto(privateLink);
    await bob.page.getByRole('heading', { level: 1, name: privateName }).waitFor();
    expect(bob.page.url()).toMatch(/\/shared\/[a-z0-9]+$/);
    // A bad link goes back to the library with an error.
    await bob.page.goto('/share/not-a-valid-token');
    await bob.page.waitForURL(/\/library$/);
    await bob.page.getByText('This share link is invalid, revoked or expired.').waitFor();

    // Ada improves her block and publishes version 2 with notes.
    await apiCall(ada.page, 'PUT', `/api/blocks/${source.id}`, {
      name: publicName,
      content: 'Review the code.\nPoint out bugs and security issues.\nBe kind.',
      type: 'STATIC',
      category: 'Reviews',
    });
    await ada.page.reload();
    // Her card says the block changed since the version subscribers have.
    await card(ada.page, publicName).getByText('Edited since v1').waitFor();
    const publish = card(ada.page, publicName).getByRole('button', { name: 'Publish update' });
    expect(await onOneLine(publish)).toBe(true);
    await publish.click();
    dialog = ada.page.getByRole('dialog', { name: 'Publish an update' });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await dialog
      .getByText('Les notes de version sont obligatoires.')
      .or(dialog.getByText('Version notes are required.'))
      .waitFor();
    await dialog.getByLabel('Version notes').fill('Now also flags security issues.');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await ada.page.getByText('Version 2 published.').waitFor();
    await card(ada.page, publicName).getByText('Shared · v2').waitFor();
    await publish.waitFor({ state: 'detached' });

    // Bob sees the update (green border + button), previews the diff and accepts.
    await bob.page.goto('/settings/blocks');
    const bobCard = card(bob.page, publicName);
    await bobCard.getByRole('button', { name: `Update available for ${publicName}` }).click();
    dialog = bob.page.getByRole('dialog', { name: 'Shared block update' });
    await dialog.getByText(`Update for ${publicName}`).waitFor();
    await dialog.getByText('Now also flags security issues.').waitFor();
    const change = dialog.getByRole('group', { name: 'Version 2' });
    await change.locator('del').getByText('Point out bugs.').waitFor();
    await change.locator('ins').getByText('Point out bugs and security issues.').waitFor();
    await dialog.getByRole('button', { name: 'Accept update' }).click();
    await bob.page.getByText('Update applied!').waitFor();
    await bobCard.getByText('Subscribed · v2').waitFor();
    expect(
      await bobCard.getByRole('button', { name: `Update available for ${publicName}` }).count(),
    ).toBe(0);
    await bobCard.getByText(/Point out bugs and security issues\./).waitFor();

    const bobsBlocks = (
      await apiCall<{ items: { name: string; content: string }[] }>(bob.page, 'GET', '/api/blocks')
    ).items;
    expect(bobsBlocks.find((block) => block.name === publicName)?.content).toBe(
      'Review the code.\nPoint out bugs and security issues.\nBe kind.',
    );

    // Deleting a shared block warns that its library copy stays (Ada cancels).
    await ada.page.goto('/settings/blocks');
    await ada.page.getByRole('button', { name: `Delete block ${publicName}` }).click();
    const confirmDialog = ada.page.getByRole('dialog', { name: 'Delete this block?' });
    await confirmDialog.getByText(/Its shared copy stays in the library/).waitFor();
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await card(ada.page, publicName).waitFor();
  });
});
