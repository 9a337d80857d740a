import { newSignedInPage, uploadFolder, writeDiskProject } from './support/fixtures';
import { describe, expect, test } from './support/test';
import { generatePrompt, promptViewer } from './support/workspace';

describe('a dialog that changes height', () => {
  test('keeps its title bar and Close where they were when a toast comes and goes', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await uploadFolder(page, await writeDiskProject('stays-put', { 'a.txt': 'a\n' }));
    await page.getByLabel('Final request').fill('Say hello.');
    await generatePrompt(page);

    // The "added to history" toast takes its room in the dialog, then leaves: the dialog is
    // that much shorter, and Close must not move (a click aimed at it would miss).
    const viewer = promptViewer(page);
    const toast = viewer.getByRole('status').filter({ hasText: 'history' });
    await toast.waitFor();
    const close = viewer.getByRole('button', { name: 'Close' }).first();
    const withToast = (await close.boundingBox())!;
    const tall = (await viewer.boundingBox())!.height;
    await toast.waitFor({ state: 'detached' });
    const without = (await close.boundingBox())!;
    expect((await viewer.boundingBox())!.height).toBeLessThan(tall);
    expect(without.y).toBe(withToast.y);
    expect(without.x).toBe(withToast.x);
  });
});
