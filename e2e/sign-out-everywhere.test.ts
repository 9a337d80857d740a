import { accessToken, apiCall } from './support/api';
import { newAppPage, newSignedInPage, signInLocally } from './support/fixtures';
import { describe, expect, test } from './support/test';

describe('Settings → Sign out everywhere', () => {
  test('ends every session of the account, this browser included; access tokens stay', async ({
    browser,
    baseUrl,
  }) => {
    // The same account signed in on a laptop and on a phone (two separate browsers).
    const laptop = await newSignedInPage(browser, baseUrl);
    const { page: phone } = await newAppPage(browser, baseUrl);
    await phone.goto('/login');
    await signInLocally(phone, laptop.user);
    const phoneToken = await accessToken(phone);
    const me = (token: string) =>
      fetch(new URL('/api/auth/me', baseUrl), { headers: { authorization: `Bearer ${token}` } });
    expect((await me(phoneToken)).status).toBe(200);

    // A personal access token of the same account, for the CLI.
    const { token: cliToken } = await apiCall<{ token: string }>(
      laptop.page,
      'POST',
      '/api/access-tokens',
      { name: 'build machine', expiresInDays: 30 },
    );

    await laptop.page.goto('/settings/access-tokens');
    const sessions = laptop.page.getByRole('region', { name: 'Sessions' });
    await sessions.getByText(/Access tokens are not sessions: they keep working/).waitFor();
    if (process.env.E2E_SCREENSHOT_DIR) {
      await laptop.page.screenshot({
        path: `${process.env.E2E_SCREENSHOT_DIR}/sign-out-everywhere.png`,
        fullPage: true,
      });
    }
    await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();

    // It asks first; cancelling changes nothing.
    const dialog = laptop.page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByText(/this one included, is signed out at once/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await me(phoneToken)).status).toBe(200);

    await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();

    // This browser is on the sign-in page...
    await laptop.page.getByText('Signed out everywhere.').first().waitFor();
    await laptop.page.getByRole('button', { name: /local/i }).waitFor();
    expect(new URL(laptop.page.url()).pathname).toBe('/login');
    // ...the phone's access token is refused at once, and its session cannot be renewed.
    expect((await me(phoneToken)).status).toBe(401);
    await phone.reload();
    await phone.getByRole('button', { name: /local/i }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/login');

    // The personal access token is a separate credential: it keeps reading.
    const read = await fetch(new URL('/api/compositions', baseUrl), {
      headers: { authorization: `Bearer ${cliToken}` },
    });
    expect(read.status).toBe(200);
  });

  test('is “Se déconnecter partout” in French', async ({ browser, baseUrl }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
    await page.goto('/settings/access-tokens');
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByRole('button', { name: 'Se déconnecter partout' }).waitFor();
    await sessions.getByText(/Les jetons d'accès ne sont pas des sessions/).waitFor();
  });
});
