import type { Page } from 'playwright-core';
import { applyDialog, onDisk, reviewAnswer } from './support/apply';
import { folderBox, promptViewer } from './support/workspace';
import { EDITED_FILES as FILES, GREET_EDIT, WINDOWS_EDIT } from './support/edited-files';
import { newSignedInPage, openOpfsFolder } from './support/fixtures';
import { describe, expect, test } from './support/test';

const ROOT = 'second-round';

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName.toLowerCase()}:${active.textContent ?? ''}` : '';
  });

/** Generates the prompt and opens Apply answer from the prompt's dialog. */
async function generateAndOpenApply(page: Page) {
  await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
  const viewer = promptViewer(page);
  await viewer.getByRole('button', { name: 'Apply answer' }).click();
  await applyDialog(page).waitFor();
}

describe('apply, the second round (e2e)', () => {
  test('an answer that repeats an applied block shows it Already applied and writes nothing twice', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    // The getting-started steps end with pasting the answer back, and name the CLI.
    await page.getByRole('heading', { name: 'Paste the answer back' }).waitFor();
    await page.getByText(/promptloom apply writes the answer/).waitFor();

    await openOpfsFolder(page, ROOT, FILES);
    await folderBox(page, 'src').check();

    // Round one. The dialog opens with focus in the empty answer box.
    await generateAndOpenApply(page);
    const box = applyDialog(page).getByRole('textbox', { name: 'Model answer' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await box.textContent()).toBe('');
    await reviewAnswer(page, `Here it is.\n\n${GREET_EDIT}\n`);
    // Focus moves to the review's first file, and the review is announced.
    await expect.poll(() => focusedName(page)).toMatch(/^button:src\/greet\.ts/);
    await applyDialog(page)
      .getByRole('status')
      .filter({ hasText: 'Answer read: 1 file to review.' })
      .waitFor();
    // The answer was read in the apply worker, not on the page's thread.
    expect(page.workers().some((worker) => worker.url().includes('apply-plan'))).toBe(true);
    await applyDialog(page).getByRole('button', { name: 'Write changes' }).click();
    await applyDialog(page).getByRole('status').filter({ hasText: '1 file written.' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('h3:1 file written.');
    await applyDialog(page).getByRole('button', { name: 'Close' }).last().click();
    const applied = FILES['src/greet.ts'].replace('Hello', 'Hi');
    expect(await onDisk(page, ROOT, 'src/greet.ts')).toBe(applied);

    // Round two: a new prompt, a new answer that sends the greet block again.
    await generateAndOpenApply(page);
    expect(await box.textContent()).toBe('');
    await reviewAnswer(page, `Again, with one more change.\n\n${GREET_EDIT}\n\n${WINDOWS_EDIT}\n`);
    const greet = applyDialog(page).getByRole('checkbox', { name: 'src/greet.ts' });
    expect(await greet.isChecked()).toBe(false);
    expect(await greet.isDisabled()).toBe(true);
    const greetRow = await applyDialog(page)
      .getByRole('button', { name: /^src\/greet\.ts/ })
      .innerText();
    expect(greetRow).toMatch(/already applied/i);
    // Nothing to write: no "+0 −0" line counts, and no empty diff under the reason.
    expect(greetRow).not.toContain('+0');
    await applyDialog(page)
      .getByRole('button', { name: /^src\/greet\.ts/ })
      .click();
    await applyDialog(page)
      .getByText(/Nothing to write\.$/)
      .waitFor();
    expect(await applyDialog(page).getByText('The answer leaves this file as it is.').count()).toBe(
      0,
    );
    expect(
      await applyDialog(page).getByRole('checkbox', { name: 'src/windows.txt' }).isChecked(),
    ).toBe(true);
    await applyDialog(page).getByRole('button', { name: 'Write changes' }).click();
    await applyDialog(page).getByRole('status').filter({ hasText: '1 file written.' }).waitFor();
    await applyDialog(page)
      .getByRole('region', { name: 'Already applied: nothing to write' })
      .getByText('src/greet.ts')
      .waitFor();
    // Nothing doubled on disk.
    expect(await onDisk(page, ROOT, 'src/greet.ts')).toBe(applied);
    expect(await onDisk(page, ROOT, 'src/windows.txt')).toBe('one\r\nTWO\r\nthree\r\n');

    // The write changed one file since the prompt; undoing it puts the tree back as the prompt saw it.
    await page.getByRole('button', { name: 'Show changed files only: 1' }).waitFor();
    await applyDialog(page).getByRole('button', { name: 'Undo apply' }).click();
    await applyDialog(page)
      .getByRole('heading', { name: 'Apply undone: 1 file restored.' })
      .waitFor();
    expect(await applyDialog(page).getByRole('region', { name: 'Written' }).count()).toBe(0);
    expect(await onDisk(page, ROOT, 'src/windows.txt')).toBe(FILES['src/windows.txt']);
    await page.getByRole('button', { name: 'Show changed files only: 0' }).waitFor();
  });
});
