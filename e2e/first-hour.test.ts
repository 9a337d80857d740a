import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { apiCall } from './support/api';
import {
  newAppPage,
  newSignedInPage,
  stubDirectoryPicker,
  uniqueUser,
  waitForSignedInShell,
  writeOpfsProject,
} from './support/fixtures';
import { backgroundLuminance } from './support/luminance';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';

const ROOT = 'sample-project';

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not visible');
  return rect;
}

describe('the first hour: sign-in pages and the generator header', () => {
  test('a private link opened signed out says what it opens, names nothing, and opens after sign-in', async ({
    browser,
    baseUrl,
  }) => {
    const ada = await newSignedInPage(browser, baseUrl);
    const suffix = randomUUID().slice(0, 8);
    const name = `Release checklist ${suffix}`;
    const content = `Only for the team ${suffix}.`;
    const block = await apiCall<{ id: string }>(ada.page, 'POST', '/api/blocks', {
      name,
      content,
      type: 'STATIC',
    });
    const share = await apiCall<{ shareToken: string }>(
      ada.page,
      'POST',
      `/api/blocks/${block.id}/share`,
      { isPublic: false },
    );
    const link = `/share/${share.shareToken}`;

    for (const [locale, notice] of [
      ['fr-FR', 'Connectez-vous pour ouvrir le bloc partagé'],
      ['en-US', 'Sign in to open the shared block'],
    ] as const) {
      const { page } = await newAppPage(browser, baseUrl, locale);
      await page.goto(link);
      await page.waitForURL(/\/login$/);
      await page.getByText(notice, { exact: true }).waitFor();
      const shown = await page.locator('body').innerText();
      expect(shown).not.toContain(name);
      expect(shown).not.toContain(content);
      if (locale !== 'en-US') continue;

      // Signing in goes on to the link, which opens the block.
      const bob = uniqueUser();
      await page.getByRole('button', { name: /local/i }).click();
      await page.getByLabel('Name').fill(bob.name);
      await page.getByLabel('Email').fill(bob.email);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(page.url()).toMatch(/\/shared\/[a-z0-9]+$/);
    }
  });

  test('the local sign-in page: Name focused, the app’s theme, a language switch, a way back', async ({
    browser,
    baseUrl,
  }) => {
    // Dark chosen on the login page, the system light: the sign-in page is dark.
    const { page } = await newAppPage(browser, baseUrl);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('button', { name: /local/i }).click();
    await page.getByLabel('Name').waitFor();
    // autofocus applies at the page's next rendering, not when the field appears.
    await expect.poll(() => focusedId(page)).toBe('name');
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    expect(await backgroundLuminance(page, '.card')).toBeLessThan(0.05);
    expect(await page.locator('.logo svg').count()).toBe(1);

    // A way back, and a language switch that the app follows once signed in.
    await page.getByRole('link', { name: 'Back to the login page' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('radio', { name: 'Light' }).check();
    await page.getByRole('button', { name: /local/i }).click();
    await page.getByLabel('Name').waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
    expect(await backgroundLuminance(page, '.card')).toBeGreaterThan(0.9);
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Français' })
      .click();
    await page.getByRole('heading', { name: 'Connexion à Promptloom' }).waitFor();
    await expect.poll(() => focusedId(page)).toBe('name');
    const user = uniqueUser();
    await page.keyboard.type(user.name);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await waitForSignedInShell(page, user);
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
  });

  test('the generator header: settings in a row, the count and Generate once, the reserve explained', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await writeOpfsProject(page, ROOT);
    await stubDirectoryPicker(context, ROOT);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await page.getByRole('button', { name: 'Select a project folder' }).click();
    await page.getByTestId('project-name').waitFor();
    const { max } = await settledTokens(page);
    expect(max).toBe(200_000);

    // One Generate, one count (the summary bar's), one block count.
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).count()).toBe(1);
    expect(await page.getByText(/\/ 200,000 tokens$/).count()).toBe(1);
    expect(await page.getByText(/^\d+ blocks?$/).count()).toBe(1);

    // Model, Answer reserve, Prompt format and Prompt language share one row of their own.
    const settings = page.getByRole('region', { name: 'Prompt settings' });
    const model = settings.getByRole('combobox', { name: 'Model' });
    const reserve = settings.getByRole('spinbutton', { name: 'Answer reserve' });
    const format = settings.getByRole('combobox', { name: 'Prompt format' });
    const language = settings.getByRole('combobox', { name: 'Prompt language' });
    const rows = await Promise.all(
      [model, reserve, format, language].map(async (c) => {
        const r = await box(c);
        return Math.round(r.y + r.height / 2);
      }),
    );
    expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(2);
    expect(await settings.getByRole('button', { name: 'Apply answer' }).count()).toBe(0);

    // The reserve in grouped digits, explained where it is set.
    await model.selectOption({ label: 'GPT-4o' });
    await expect.poll(() => reserve.inputValue()).toBe('16,384');
    const toggle = settings.getByRole('button', { name: 'How the reserve works' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const help = page.locator(`[id="${await reserve.getAttribute('aria-describedby')}"]`);
    expect(await help.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await help.textContent()).toBe(
      "Tokens kept free for the model's answer: the prompt may use the context window (128,000) minus this reserve, here 111,616 tokens.",
    );
    await reserve.fill('20000');
    await reserve.blur();
    expect(await reserve.inputValue()).toBe('20,000');
    await expect.poll(async () => (await settledTokens(page)).max).toBe(108_000);
    expect(await help.textContent()).toContain('here 108,000 tokens');

    // French groups with a space.
    await page.getByLabel('Language', { exact: true }).selectOption('fr');
    const reserveFr = page.getByRole('spinbutton', { name: 'Réserve pour la réponse' });
    await expect
      .poll(async () => (await reserveFr.inputValue()).replace(/\s/g, ' '))
      .toBe('20 000');

    // On a phone the settings fold behind one slim row, so the panes start high on the
    // screen; opened, they stay on screen, with one Generate.
    await page.setViewportSize({ width: 390, height: 844 });
    const tabs = page.getByRole('tablist', { name: "Volets de l'espace de travail" });
    await tabs.waitFor();
    const settingsToggle = page.getByRole('button', { name: 'Réglages du prompt', exact: true });
    expect(await settingsToggle.getAttribute('aria-expanded')).toBe('false');
    expect((await box(tabs)).y).toBeLessThan(844 * 0.25);
    await settingsToggle.click();
    for (const control of [
      page.getByRole('combobox', { name: 'Modèle', exact: true }),
      reserveFr,
      page.getByRole('combobox', { name: 'Format du prompt', exact: true }),
    ]) {
      const r = await box(control);
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(390);
    }
    expect(await page.getByRole('button', { name: 'Générer', exact: true }).count()).toBe(1);
  });
});
