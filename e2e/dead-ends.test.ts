import { newSignedInPage } from './support/fixtures';
import { apiAs } from './support/api';
import { describe, expect, test } from './support/test';
import { startStandalone } from './support/workspace';

const serverError = { status: 500, contentType: 'application/json', body: '{"error":"boom"}' };

describe('no dead ends', () => {
  test('an unknown address shows the branded 404 page with a way back', async ({
    browser,
    baseUrl,
  }) => {
    const { page, user } = await newSignedInPage(browser, baseUrl);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('There is nothing at /no/such/page.', { exact: false }).waitFor();
    expect(await page.getByText('Hey developer').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Promptloom' }).click();
    await page.getByRole('heading', { name: 'Build precise prompts from your code' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText(user.email, { exact: true }).first().waitFor();
  });

  test('the API down at load: "Can\'t reach the server" with Retry, not a sign-out', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page, user } = await newSignedInPage(browser, baseUrl);

    // No answer at all (connection refused).
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.getByRole('heading', { name: "Can't reach the server" }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('status').count()).toBe(0);

    // A gateway answering 503 for the API is the same state, never the login page.
    await context.unrouteAll();
    await context.route('**/api/**', (route) =>
      route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: "Can't reach the server" }).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The server is back: Retry signs the same user in where they were.
    await context.unrouteAll();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(user.email, { exact: true }).first().waitFor();
    expect(await page.getByRole('heading', { name: "Can't reach the server" }).count()).toBe(0);
  });

  test('failed block and composition lists say so and offer Retry', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    // A saved composition, so there is something to lose.
    const blocks = (await apiAs<{ items: { id: string }[] }>(page, 'GET', '/api/blocks')).items;
    await apiAs(page, 'POST', '/api/compositions', {
      name: 'Kept composition',
      blockIds: [blocks[0]!.id],
    });

    await context.route(/\/api\/(blocks|compositions)$/, (route) => route.fulfill(serverError));
    await page.reload();
    await startStandalone(page);
    const library = page.getByRole('region', { name: 'Block library' });
    const blocksAlert = library.getByRole('alert').filter({
      hasText: 'Your blocks could not be loaded.',
    });
    const compositionsAlert = library.getByRole('alert').filter({
      hasText: 'Your saved compositions could not be loaded.',
    });
    // The queries retry with back-off before they give up.
    await blocksAlert.waitFor({ timeout: 60_000 });
    await compositionsAlert.waitFor({ timeout: 60_000 });

    await context.unrouteAll();
    await compositionsAlert.getByRole('button', { name: 'Retry' }).click();
    await library.getByRole('button', { name: /Kept composition/ }).waitFor();
    await blocksAlert.getByRole('button', { name: 'Retry' }).click();
    await blocksAlert.waitFor({ state: 'detached' });
    await expect.poll(() => library.getByRole('listitem').count()).toBeGreaterThan(1);

    // The settings page of compositions too.
    await context.route(/\/api\/compositions$/, (route) => route.fulfill(serverError));
    await page.goto('/settings/compositions');
    const pageAlert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await pageAlert.waitFor({ timeout: 60_000 });
    await context.unrouteAll();
    await pageAlert.getByRole('button', { name: 'Retry' }).click();
    // Visible text: the page's select of a default composition holds the name too, hidden.
    await page.getByText('Kept composition').filter({ visible: true }).first().waitFor();
  });
});
