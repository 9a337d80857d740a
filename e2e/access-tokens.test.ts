import { newSignedInPage } from './support/fixtures';
import { insideWidth, onOneLine } from './support/layout';
import { describe, expect, test } from './support/test';

describe('Settings → Access tokens', () => {
  test('creates a token shown once, lists it, and revokes it so the API refuses it', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.goto('/settings/access-tokens');
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
    await page.getByText('No access token yet.').waitFor();
    await page.getByText(/^Create one above to sign the promptloom CLI in/).waitFor();

    // The expiry select and the name field line up: same top, same height.
    const lineUp = async () => {
      const field = (await page.getByRole('textbox', { name: 'Token name' }).boundingBox())!;
      const select = (await page.getByRole('combobox', { name: 'Expires' }).boundingBox())!;
      expect(Math.abs(select.y - field.y)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(select.height - field.height)).toBeLessThanOrEqual(0.5);
    };
    await lineUp();

    // A name is required, as the server says.
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('The token name cannot be empty.').waitFor();

    await page.getByRole('textbox', { name: 'Token name' }).fill('work laptop');
    // A lifetime is chosen at creation: 90 days unless changed; "Never" comes with a warning.
    const expires = page.getByRole('combobox', { name: 'Expires' });
    expect(await expires.inputValue()).toBe('90');
    // Also while the name's message shows under it.
    await lineUp();
    await expires.selectOption('never');
    await page
      .getByRole('note')
      .getByText(/never expires keeps working until you revoke/)
      .waitFor();
    if (process.env.E2E_SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/access-tokens.png` });
    }
    await expires.selectOption('30');
    expect(await page.getByRole('note').count()).toBe(0);
    await page.getByRole('button', { name: 'Create token' }).click();
    const panel = page.getByRole('region', { name: 'Token “work laptop” created' });
    await panel.getByText('Copy it now: it will not be shown again.').waitFor();
    const token = await panel.getByRole('textbox', { name: 'New access token' }).inputValue();
    expect(token).toMatch(/^plt_[A-Za-z0-9_-]{43}$/);
    await panel.getByText(`npx promptloom login --server ${baseUrl} --token ${token}`).waitFor();

    // The token reads the user's resources through the API, as the CLI does.
    const api = (path: string) =>
      fetch(new URL(path, baseUrl), { headers: { authorization: `Bearer ${token}` } });
    expect((await api('/api/compositions')).status).toBe(200);

    // Listed with its name and no use yet... and never shown again once dismissed.
    const table = page.getByRole('table', { name: 'Access tokens' });
    const row = table.getByRole('row', { name: /work laptop/ });
    await row.waitFor();
    const ends = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const endsOn = ends.toLocaleDateString('en', { dateStyle: 'medium' });
    await row.getByText(endsOn).waitFor();
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.reload();
    await table.getByRole('row', { name: /work laptop/ }).waitFor();
    expect(await page.content()).not.toContain(token);

    // On a phone the name field keeps a usable width, and each row fits the screen with its
    // name on one line (its dates go under it: the token read the API above) and its Revoke
    // button in view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('columnheader', { name: 'Created' }).waitFor({ state: 'hidden' });
    const nameBox = await page.getByRole('textbox', { name: 'Token name' }).boundingBox();
    expect(nameBox!.width).toBeGreaterThan(180);
    expect(await onOneLine(row.getByText('work laptop', { exact: true }))).toBe(true);
    expect(await onOneLine(row.getByRole('cell', { name: endsOn }))).toBe(true);
    await row.getByText(/^Created .* · last used .*\d$/).waitFor();
    expect(await insideWidth(page, row.getByRole('button', { name: 'Revoke work laptop' }))).toBe(
      true,
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    // Revoke asks first; the row goes and the API refuses the token from then on.
    await page.getByRole('button', { name: 'Revoke work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog
      .getByText('“work laptop” will stop working at once, wherever it is used.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Token “work laptop” revoked.').first().waitFor();
    await page.getByText('No access token yet.').waitFor();
    expect((await api('/api/compositions')).status).toBe(401);
  });
});
