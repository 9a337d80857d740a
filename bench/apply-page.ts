// The apply bench's page, for row 14 (apply-browser.ts) and the lab's apply scripts: the app
// with the files of apply-answer.ts uploaded, and the answer pasted into the Apply dialog.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { applyBenchAnswer, writeApplyBenchFiles } from './apply-answer';
import { buildWeb, openUploadedFolder, startServer } from './browser-app';

/**
 * The apply bench's page: the files of apply-answer.ts written to a temp folder named `folder`
 * and uploaded to the app in headless Chromium. The app is built first (a bundle left from an
 * earlier run may predate the apply dialog), unless BENCH_NO_BUILD=1 serves BENCH_WEB_DIST as
 * it is (an A/B of two builds). `close` ends the browser and the server and removes the folder.
 */
export async function openApplyBench(folder = 'apply-bench'): Promise<{
  page: Page;
  browser: Browser;
  answer: string;
  close: () => Promise<void>;
}> {
  const { files, answer } = applyBenchAnswer();
  const parent = await mkdtemp(join(tmpdir(), 'promptloom-bench-apply-'));
  /** What `close` undoes, the last set up first. */
  const undo: (() => Promise<unknown>)[] = [() => rm(parent, { recursive: true, force: true })];
  const close = async () => {
    for (const step of undo) await step();
  };
  try {
    const dir = join(parent, folder);
    await writeApplyBenchFiles(dir, files);
    if (process.env.BENCH_NO_BUILD !== '1') await buildWeb();
    const server = await startServer();
    undo.unshift(server.stop);
    const browser = await launchBrowser();
    undo.unshift(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openUploadedFolder(page, server.url, dir);
    return { page, browser, answer, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Opens the Apply dialog and puts `text` in its answer box at once, as a paste does: a paste
 * event holding the text, which the editor inserts in one change (fill() inserts text in a
 * way 2 MB makes crawl). Returns the dialog.
 */
export async function pasteAnswer(page: Page, text: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Apply answer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Apply answer' });
  const box = dialog.getByRole('textbox', { name: 'Model answer' });
  await box.waitFor().catch(async (error: unknown) => {
    await page.screenshot({ path: join(tmpdir(), 'apply-bench-failed.png') });
    throw error;
  });
  await box.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
  return dialog;
}
