import type { Locator, Page } from 'playwright-core';
import { UNIFIED_DIFF } from './support/edited-files';
import {
  type ContextFactory,
  newSignedInPage,
  refuseClipboardWrites,
  stubDirectoryPicker,
  switchLanguage,
  writeOpfsProject,
} from './support/fixtures';
import { insideWidth, onOneLine, shownWhole } from './support/layout';
import { describe, expect, test } from './support/test';

const ROOT = 'sample-project';

/** A signed-in page in French at `viewport`, the sample project open through the picker. */
async function frenchWorkspace(
  browser: ContextFactory,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const { context, page } = await newSignedInPage(browser, baseUrl);
  await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
  await writeOpfsProject(page, ROOT);
  await stubDirectoryPicker(context, ROOT);
  await page.setViewportSize(viewport);
  await page.reload();
  await page.getByRole('button', { name: 'Sélectionner un dossier de projet' }).click();
  await page.getByTestId('project-name').waitFor();
  return page;
}

describe('the workspace in French, wide and on a phone', () => {
  test('block names, the project name, the model picker, tooltips and the prompt footer are not cut', async ({
    browser,
    baseUrl,
  }) => {
    const page = await frenchWorkspace(browser, baseUrl, { width: 1440, height: 900 });
    const composition = page.getByRole('list', { name: 'Blocs de la composition' });
    const names = composition.getByRole('listitem').locator('p[title]');
    await names.first().waitFor();
    expect(await names.allTextContents()).toContain('Contenu des fichiers sélectionnés');

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The narrow layout (tabs) is drawn once the page has seen the new width.
      const tabs = page.getByRole('tablist', { name: "Volets de l'espace de travail" });
      await tabs.waitFor({ state: width < 768 ? 'visible' : 'detached' });
      for (const name of await names.all()) expect(await shownWhole(name)).toBe(true);
      expect(await shownWhole(page.getByTestId('project-name'))).toBe(true);
      // The composition's title and its buttons each keep one line.
      const title = page.getByRole('heading', { name: /^Composition actuelle/ });
      expect((await title.boundingBox())!.height).toBeLessThan(28);
      const buttonTop = async (name: string) =>
        (await page.getByRole('button', { name, exact: true }).boundingBox())!.y;
      expect(
        Math.abs((await buttonTop('Vider')) - (await buttonTop('Enregistrer'))),
      ).toBeLessThanOrEqual(2);
      // On a phone the settings are behind their disclosure.
      if (width < 768) await page.getByRole('button', { name: 'Réglages du prompt' }).click();
      for (const [role, name] of [
        ['combobox', 'Modèle'],
        ['spinbutton', 'Réserve pour la réponse'],
        ['combobox', 'Format du prompt'],
      ] as const) {
        expect(await insideWidth(page, page.getByRole(role, { name, exact: true }))).toBe(true);
      }
    }

    // A tooltip of a button at the screen's edge stays on screen.
    await page.getByRole('tab', { name: 'Fichiers', exact: true }).click();
    await page.getByRole('button', { name: 'Rechercher des fichiers', exact: true }).hover();
    expect(await insideWidth(page, page.getByRole('tooltip'))).toBe(true);
    await page.getByRole('tab', { name: 'Composition', exact: true }).click();

    // On a phone, the generated prompt's footer keeps each button on one line, on screen.
    await page.getByLabel('Demande finale').fill('Résume le projet.');
    // settledTokens, by the French name of the token bar.
    await page
      .getByRole('progressbar', { name: 'Nombre de jetons' })
      .and(page.locator('[aria-busy="false"]'))
      .waitFor();
    await page.getByRole('button', { name: 'Générer', exact: true }).last().click();
    const viewer = page.getByRole('dialog', { name: 'Prompt généré' });
    await viewer.waitFor();
    for (const button of ['Appliquer la réponse', 'Fermer', 'Copier']) {
      const control = viewer.getByRole('button', { name: button, exact: true }).last();
      expect(await insideWidth(page, control)).toBe(true);
      expect(await shownWhole(control)).toBe(true);
      expect((await control.boundingBox())!.height).toBeLessThan(48);
    }
    // They stack full width, in their order, the primary one (Copier) last.
    const boxes = [];
    for (const button of ['Appliquer la réponse', 'Fermer', 'Copier']) {
      boxes.push(
        (await viewer.getByRole('button', { name: button, exact: true }).last().boundingBox())!,
      );
    }
    for (const [index, box] of boxes.entries()) {
      expect(box.width).toBeCloseTo(boxes[0]!.width, 0);
      if (index > 0) expect(box.y).toBeGreaterThan(boxes[index - 1]!.y + boxes[index - 1]!.height);
    }

    // A toast shown while the dialog is open (the clipboard refuses the copy) covers none of
    // the dialog: neither its title, Close, the prompt as far as it shows, nor its buttons.
    await refuseClipboardWrites(page);
    await viewer.getByRole('button', { name: 'Copier', exact: true }).last().click();
    const toast = viewer.getByRole('status').filter({ hasText: 'presse-papiers' });
    await toast.waitFor();
    const covered = () =>
      toast.evaluate((element) => {
        const dialog = element.closest('dialog')!;
        const box = element.getBoundingClientRect();
        const hits: string[] = [];
        for (const other of dialog.querySelectorAll('h2, button, [aria-label]')) {
          if (element.contains(other) || other.contains(element)) continue;
          // The part of it on screen: its scrolling ancestors clip it.
          let { left, top, right, bottom } = other.getBoundingClientRect();
          for (let up = other.parentElement; up && up !== dialog; up = up.parentElement) {
            if (getComputedStyle(up).overflowY === 'visible') continue;
            const clip = up.getBoundingClientRect();
            left = Math.max(left, clip.left);
            top = Math.max(top, clip.top);
            right = Math.min(right, clip.right);
            bottom = Math.min(bottom, clip.bottom);
          }
          const overlap =
            left < right &&
            top < bottom &&
            box.left < right &&
            left < box.right &&
            box.top < bottom &&
            top < box.bottom;
          if (overlap) hits.push(other.getAttribute('aria-label') ?? other.textContent ?? '');
        }
        return hits;
      });
    await expect.poll(covered).toEqual([]);
  });

  test('the standalone block library keeps its title and New block each on one line', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await switchLanguage(page, 'fr');
    await page
      .getByRole('region', { name: /autonome/i })
      .getByRole('button')
      .click();
    const library = page.getByRole('region', { name: 'Bibliothèque de blocs' });
    const newBlock = library.getByRole('button', { name: 'Nouveau bloc', exact: true });
    await newBlock.waitFor();
    // One line of text: no taller than the search field under it.
    const search = (await library.getByRole('searchbox').boundingBox())!;
    expect((await newBlock.boundingBox())!.height).toBeLessThanOrEqual(search.height);
    expect(await shownWhole(newBlock)).toBe(true);
    const title = library.getByRole('heading', { name: 'Bibliothèque de blocs' });
    expect((await title.boundingBox())!.height).toBeLessThan(28);
  });

  test('on a phone, the Apply dialog and its confirmation keep each button on one line, stacked', async ({
    browser,
    baseUrl,
  }) => {
    const page = await frenchWorkspace(browser, baseUrl, { width: 390, height: 844 });

    /** The buttons of a dialog's footer: each on one line, whole, full width, one under another. */
    const footerKeepsLines = async (dialog: Locator, names: string[]) => {
      const boxes = [];
      for (const name of names) {
        const button = dialog.locator('footer').getByRole('button', { name, exact: true });
        expect(await onOneLine(button), name).toBe(true);
        expect(await shownWhole(button), name).toBe(true);
        expect(await insideWidth(page, button), name).toBe(true);
        boxes.push((await button.boundingBox())!);
      }
      for (const [index, box] of boxes.entries()) {
        expect(box.width).toBeCloseTo(boxes[0]!.width, 0);
        if (index > 0)
          expect(box.y).toBeGreaterThan(boxes[index - 1]!.y + boxes[index - 1]!.height);
      }
    };
    const open = async (where: Page | Locator) => {
      const button = where.getByRole('button', { name: 'Appliquer la réponse', exact: true });
      expect(await onOneLine(button)).toBe(true);
      expect(await shownWhole(button)).toBe(true);
      await button.click();
    };

    await open(page);
    const dialog = page.getByRole('dialog', { name: 'Appliquer la réponse' });
    await dialog
      .getByRole('textbox', { name: 'Réponse du modèle' })
      .fill(
        [
          UNIFIED_DIFF,
          '',
          'README.md',
          '```',
          '<<<<<<< SEARCH',
          'not in the file',
          '=======',
          'x',
          '>>>>>>> REPLACE',
          '```',
        ].join('\n'),
      );
    await footerKeepsLines(dialog, ['Fermer', 'Lire la réponse']);
    await dialog.getByRole('button', { name: 'Lire la réponse', exact: true }).click();
    const write = dialog.getByRole('button', { name: 'Écrire les modifications', exact: true });
    await write.waitFor();
    await footerKeepsLines(dialog, [
      'Modifier la réponse',
      'Copier la demande de correction',
      'Écrire les modifications',
    ]);
    await write.click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer des fichiers ?' });
    await footerKeepsLines(confirm, ['Annuler', 'Supprimer et écrire']);
    await confirm.getByRole('button', { name: 'Supprimer et écrire', exact: true }).click();
    const undo = dialog.getByRole('button', { name: "Annuler l'application", exact: true });
    await undo.waitFor();
    expect(await onOneLine(undo)).toBe(true);
    await footerKeepsLines(dialog, ['Fermer']);
    await dialog.locator('footer').getByRole('button', { name: 'Fermer', exact: true }).click();

    // Opened from the generated prompt too.
    await page.getByRole('button', { name: 'Générer', exact: true }).last().click();
    const viewer = page.getByRole('dialog', { name: 'Prompt généré' });
    await open(viewer);
    await dialog.waitFor();
  });
});
