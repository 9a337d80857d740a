import {
  ACTION_TIMEOUT_MS,
  newSignedInPage,
  refuseClipboardWrites,
  uploadFolder,
  writeDiskProject,
} from './support/fixtures';
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

describe('toasts in a dialog on a phone', () => {
  test('stack behind the newest, which shows whole, the others one toggle away', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await uploadFolder(page, await writeDiskProject('phone-toasts', { 'a.txt': 'a\n' }));
    await page.getByLabel('Final request').fill('Say hello.');
    await generatePrompt(page);
    const viewer = promptViewer(page);
    await viewer.getByRole('status').filter({ hasText: 'history' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    // The pointer rests on the toasts, which holds their timers while the test looks; Copy is
    // pressed from the keyboard (the clipboard refuses it: one toast each time).
    await refuseClipboardWrites(page);
    const room = viewer.locator('[data-dialog-toasts]');
    const box = (await room.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // One toast takes a line of the dialog (it took some 80 px on two lines), its text whole.
    // Polled: the toast may still be settling into the narrower layout after the resize.
    await expect
      .poll(async () => (await room.boundingBox())!.height, { timeout: ACTION_TIMEOUT_MS })
      .toBeLessThanOrEqual(44);
    await expect
      .poll(
        () =>
          viewer
            .getByRole('status')
            .filter({ hasText: 'history' })
            .first()
            .evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight),
        { timeout: ACTION_TIMEOUT_MS },
      )
      .toBe(true);
    const copy = viewer.getByRole('button', { name: 'Copy', exact: true }).last();
    await copy.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const toasts = viewer.getByRole('status', { includeHidden: true });
    await expect.poll(() => toasts.count()).toBe(3);

    // Three toasts take the room of one (about 60 px, not 160): the newest, whole, on top.
    expect((await room.boundingBox())!.height).toBeLessThanOrEqual(90);
    const shown = viewer.getByRole('status');
    await expect.poll(() => shown.count()).toBe(1);
    // The newest (react-hot-toast lists it first) is the one shown, its text not cut.
    expect(await toasts.first().isVisible()).toBe(true);
    expect(await shown.first().textContent()).toBe('Copying to the clipboard failed.');
    expect(
      await shown
        .first()
        .evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight),
    ).toBe(true);

    // The others are a keyboard press away, each still its own status, and stack again.
    const more = viewer.getByRole('button', { name: '+2 more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shown.count()).toBe(3);
    expect(await shown.filter({ hasText: 'history' }).isVisible()).toBe(true);
    const less = viewer.getByRole('button', { name: 'Show less' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => shown.count()).toBe(1);

    // Wide, they are listed as before, with no toggle.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => shown.count()).toBe(3);
    expect(await viewer.getByRole('button', { name: /more|less/ }).count()).toBe(0);
  });
});
