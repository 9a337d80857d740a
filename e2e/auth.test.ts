import type { Page } from 'playwright-core';
import {
  newAppContext,
  newSignedInPage,
  signInLocally,
  uniqueUser,
  waitForSignedInShell,
} from './support/fixtures';
import { describe, expect, test } from './support/test';

const pathname = (page: Page) => new URL(page.url()).pathname;

describe('sign-in and session', () => {
  test('signs in locally, switches to French, survives a reload and logs out', async ({
    browser,
    baseUrl,
  }) => {
    const { page, user } = await newSignedInPage(browser, baseUrl, { name: 'Ada Lovelace' });

    // The user card shows who is signed in.
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByText('Ada Lovelace', { exact: true }).waitFor();
    await account.getByText(user.email, { exact: true }).waitFor();
    expect(pathname(page)).toBe('/');

    // French everywhere once chosen.
    await page.getByLabel('Language').selectOption('fr');
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await navigation.getByRole('link', { name: 'Bibliothèque' }).waitFor();
    await navigation.getByRole('link', { name: 'Générateur' }).waitFor();

    // A reload restores the session from the refresh cookie and keeps the language.
    await page.reload();
    await waitForSignedInShell(page, user);
    await page.getByRole('region', { name: 'Compte' }).getByText('Ada Lovelace').waitFor();
    expect(pathname(page)).toBe('/');

    // Log out asks first; cancelling keeps the session.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Se déconnecter ?' });
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathname(page)).toBe('/');

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await dialog.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(() => pathname(page)).toBe('/login');
    await page.getByRole('button', { name: /local/i }).waitFor();

    // The refresh cookie was revoked: reloading a protected page leads back to /login.
    await page.goto('/');
    await expect.poll(() => pathname(page)).toBe('/login');
    await page.getByRole('button', { name: /local/i }).waitFor();
  });

  test('a protected route sends a signed-out visitor to /login and back after sign-in', async ({
    browser,
    baseUrl,
  }) => {
    const context = await newAppContext(browser, baseUrl);
    const page = await context.newPage();
    const user = uniqueUser();

    await page.goto('/settings/blocks');
    await expect.poll(() => pathname(page)).toBe('/login');

    await signInLocally(page, user);
    await expect.poll(() => pathname(page)).toBe('/settings/blocks');
    await waitForSignedInShell(page, user);
    const blocksLink = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Blocks' });
    expect(await blocksLink.getAttribute('aria-current')).toBe('page');
  });

  test('a reload that lost the answer of its refresh keeps the user signed in', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page, user } = await newSignedInPage(browser, baseUrl);
    const refreshCookie = async () =>
      (await context.cookies()).find((cookie) => cookie.name === 'pl_refresh');
    const before = await refreshCookie();
    await page.reload();
    await waitForSignedInShell(page, user);
    expect((await refreshCookie())?.value).not.toBe(before?.value);

    // What the browser holds when it navigated away before the rotated cookie arrived.
    await context.addCookies([before!]);
    await page.goto('/settings/access-tokens');
    await page.getByRole('textbox', { name: 'Token name' }).waitFor();
    await waitForSignedInShell(page, user);
    expect(pathname(page)).toBe('/settings/access-tokens');
    await page.reload();
    await page.getByRole('textbox', { name: 'Token name' }).waitFor();
  });

  test('a signed-out visit and an ended session reach sign-in with a quiet console', async ({
    browser,
    baseUrl,
  }) => {
    const context = await newAppContext(browser, baseUrl);
    const page = await context.newPage();
    // A browser logs every 4xx a page fetches as an error: a refused refresh would show here.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
    });

    await page.goto('/settings/blocks');
    await expect.poll(() => pathname(page)).toBe('/login');
    const user = uniqueUser();
    await signInLocally(page, user);

    // The session ends (its cookie gone, as when it expires): the next visit starts signed out.
    await context.clearCookies();
    await page.reload();
    await expect.poll(() => pathname(page)).toBe('/login');
    await page.getByRole('button', { name: /local/i }).waitFor();
    expect(errors).toEqual([]);
  });
});
