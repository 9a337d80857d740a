import type { Page } from 'playwright-core';

export const applyDialog = (page: Page) => page.getByRole('dialog', { name: 'Apply answer' });

/** A file of an OPFS project as bytes (null: absent), read from the page. */
const READ = `async ({ root, filePath }) => {
  try {
    const parts = filePath.split('/');
    const name = parts.pop();
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(root);
    for (const part of parts) dir = await dir.getDirectoryHandle(part);
    const file = await (await dir.getFileHandle(name)).getFile();
    return Array.from(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return null;
  }
}`;

/** A file of the OPFS project `root` as UTF-8 text, null when absent. */
export async function onDisk(page: Page, root: string, filePath: string): Promise<string | null> {
  const bytes = await page.evaluate<number[] | null>(
    `(${READ})(${JSON.stringify({ root, filePath })})`,
  );
  return bytes === null ? null : Buffer.from(bytes).toString('utf8');
}

/**
 * Pastes an answer into the Apply dialog, reads it, and waits for its review. A long answer
 * (`paste`) comes in one paste event, which the editor inserts in one change: fill() types it
 * in a way that takes longer than a test's time out past some 100 kB.
 */
export async function reviewAnswer(page: Page, answer: string, { paste = false } = {}) {
  const box = applyDialog(page).getByRole('textbox', { name: 'Model answer' });
  if (paste) {
    await box.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, answer);
  } else {
    await box.fill(answer);
  }
  await applyDialog(page).getByRole('button', { name: 'Read answer' }).click();
  await applyDialog(page).getByRole('list', { name: 'Files the answer touches' }).waitFor();
}
