import type { Page } from 'playwright-core';
import { settledTokens } from './tokens';

// The workspace's parts as the suites find them: by role and accessible name, in English.

export const tree = (page: Page) => page.getByRole('tree', { name: 'Project files' });

/** A file's checkbox in the project tree. */
export const fileBox = (page: Page, path: string) =>
  tree(page).getByRole('checkbox', { name: `Select ${path}`, exact: true });

/** A folder's checkbox in the project tree. */
export const folderBox = (page: Page, path: string) =>
  tree(page).getByRole('checkbox', { name: `Select folder ${path}`, exact: true });

/** A file's row in the project tree. */
export const fileRow = (page: Page, path: string) =>
  tree(page)
    .getByRole('treeitem')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${path}`, exact: true }) });

/** The listing's progress line, there while a folder is listed or checked. */
export const listingProgress = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Listing…|Checking/ });

export const library = (page: Page) => page.getByRole('region', { name: 'Block library' });

export const libraryBlock = (page: Page, name: string) =>
  library(page).getByRole('button', { name, exact: true });

export const composition = (page: Page) => page.getByRole('list', { name: 'Composition blocks' });

export const historyPanel = (page: Page) => page.getByRole('region', { name: /^History \(\d+\)$/ });

/** Adds the library's blocks to the composition, one after the other. */
export async function addBlocks(page: Page, names: string[]): Promise<void> {
  for (const name of names) {
    await libraryBlock(page, name).click();
    await composition(page).getByRole('listitem', { name, exact: true }).waitFor();
  }
}

/** The landing's standalone card (its wording is being translated: found by its region). */
export async function startStandalone(page: Page) {
  await page
    .getByRole('region', { name: /standalone|autonome/i })
    .getByRole('button')
    .click();
  await library(page).waitFor();
}

/** The dialog that shows a generated prompt. */
export const promptViewer = (page: Page) => page.getByRole('dialog', { name: 'Generated prompt' });

/** The generated prompt's text, once its dialog is open. */
export async function promptText(page: Page): Promise<string> {
  const viewer = promptViewer(page);
  await viewer.waitFor();
  return (await viewer.getByLabel('Prompt text').textContent()) ?? '';
}

/**
 * Generates once the token count has settled and returns the prompt's text, its dialog left
 * open. Counting starts after the request debounce, and the top bar's Generate is busy while
 * it runs, so this waits that out and uses the summary bar's button, which stays enabled.
 */
export async function generatePrompt(page: Page): Promise<string> {
  await settledTokens(page);
  await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
  return promptText(page);
}

/** Closes the generated prompt's dialog and waits until it is gone. */
export async function closePrompt(page: Page): Promise<void> {
  const viewer = promptViewer(page);
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await viewer.waitFor({ state: 'detached' });
}
