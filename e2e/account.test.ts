import { readFile } from 'node:fs/promises';
import type { AccountExport } from '@promptloom/core';
import { apiAs, createStaticBlock } from './support/api';
import { newSignedInPage } from './support/fixtures';
import { onOneLine } from './support/layout';
import { describe, expect, test } from './support/test';

const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

describe('Settings → Account (decision 060)', () => {
  test('exports a library, imports it into another account, then deletes that account', async ({
    browser,
    baseUrl,
  }) => {
    const ada = await newSignedInPage(browser, baseUrl);
    const block = await createStaticBlock(ada.page, 'Moved reviewer', 'Review what moved.');
    await apiAs(ada.page, 'POST', '/api/compositions', {
      name: 'Moved flow',
      blockIds: [block.id, block.id],
    });

    await ada.page.goto('/settings/account');
    // The page says who is signed in, and through which provider.
    const profile = ada.page.getByRole('region', { name: 'Signed in as' });
    await profile.getByText(ada.user.email, { exact: true }).waitFor();
    await profile.getByText(ada.user.name, { exact: true }).waitFor();
    await profile.getByText('Signed in with a local account', { exact: true }).waitFor();
    const exportRegion = ada.page.getByRole('region', { name: 'Export your data' });
    const downloading = ada.page.waitForEvent('download');
    await exportRegion.getByRole('button', { name: 'Export my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^promptloom-export-\d{4}-\d{2}-\d{2}\.json$/);
    const filePath = await download.path();
    const file = JSON.parse(await readFile(filePath, 'utf8')) as AccountExport;
    expect(file.blocks.map((b) => b.name)).toContain('Moved reviewer');
    expect(file.compositions.find((c) => c.name === 'Moved flow')?.blockIds).toEqual([
      block.id,
      block.id,
    ]);
    await ada.page.getByText('Your data was downloaded.').first().waitFor();

    const bob = await newSignedInPage(browser, baseUrl);
    await bob.page.goto('/settings/account');
    const importRegion = bob.page.getByRole('region', { name: 'Import an export' });
    await importRegion.getByLabel('Export file').setInputFiles(filePath);
    await importRegion
      .getByText(/^Ready to import the export of .*: \d+ blocks? and \d+ compositions?\.$/)
      .waitFor();
    await importRegion.getByRole('button', { name: 'Import' }).click();
    const result = importRegion.getByRole('status', { name: 'Import finished' });
    await result.getByText(/blocks? imported$/).waitFor();
    await result.getByText(/compositions? imported, in/).waitFor();
    if (screenshotDir) {
      await bob.page.screenshot({ path: `${screenshotDir}/account-en.png`, fullPage: true });
    }
    const compositions = await apiAs<{ items: { name: string; blocks: { name: string }[] }[] }>(
      bob.page,
      'GET',
      '/api/compositions',
    );
    const moved = compositions.items.find((c) => c.name === 'Moved flow');
    expect(moved?.blocks.map((b) => b.name)).toEqual(['Moved reviewer', 'Moved reviewer']);

    // Deleting asks first, says what happens to shared items, then lands on the sign-in page.
    const deleteRegion = bob.page.getByRole('region', { name: 'Delete my account' });
    await deleteRegion.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = bob.page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText(/People who subscribed to them keep their copies/).waitFor();
    if (screenshotDir) {
      await bob.page.screenshot({ path: `${screenshotDir}/account-delete-en.png` });
    }
    await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
    await bob.page.getByText('Your account was deleted.').first().waitFor();
    await bob.page.getByRole('button', { name: /local/i }).waitFor();
    expect(new URL(bob.page.url()).pathname).toBe('/login');
    // A reload finds no session to renew.
    await bob.page.reload();
    await bob.page.getByRole('button', { name: /local/i }).waitFor();
    expect(new URL(bob.page.url()).pathname).toBe('/login');
  });

  test('speaks French', async ({ browser, baseUrl }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
    await page.goto('/settings/account');
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Compte' }).waitFor();
    await page
      .getByRole('region', { name: 'Exporter vos données' })
      .getByRole('button', { name: 'Exporter mes données' })
      .waitFor();
    await page
      .getByRole('region', { name: 'Importer un export' })
      .getByLabel("Fichier d'export")
      .waitFor();
    // On a phone the longer French label of the file chooser keeps to one line.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await onOneLine(page.getByText('Choisir un fichier…', { exact: true }))).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    if (screenshotDir) {
      await page.screenshot({ path: `${screenshotDir}/account-fr.png`, fullPage: true });
    }
    await page
      .getByRole('region', { name: 'Supprimer mon compte' })
      .getByRole('button', { name: 'Supprimer mon compte' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
    await dialog.getByText(/gardent leurs copies/).waitFor();
    if (screenshotDir) {
      await page.screenshot({ path: `${screenshotDir}/account-delete-fr.png` });
    }
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
