// Regenerates docs/screenshot.png: signs a demo user in on a running Promptloom (default
// http://127.0.0.1:3000, e.g. from `npm start`), opens the e2e sample project through the
// OPFS-backed folder picker, builds a small composition and captures the workspace.
// Usage: node --import tsx scripts/readme-screenshot.ts [baseUrl]
import path from 'node:path';
import { launchAppBrowser } from '../e2e/support/browser';
import { newSignedInPage, stubDirectoryPicker, writeOpfsProject } from '../e2e/support/fixtures';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const output = path.resolve(import.meta.dirname, '../docs/screenshot.png');
const project = 'sample-project';

const browser = await launchAppBrowser();
try {
  const { context, page } = await newSignedInPage(browser, baseUrl, {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  // Light theme at a common laptop size: the files-first workspace of decision 028.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.setItem('promptloom.theme', 'light'));
  await writeOpfsProject(page, project);
  await stubDirectoryPicker(context, project);
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).click();
  await page.getByRole('tree', { name: 'Project files' }).waitFor();
  // The system blocks by their stored (French) or translated display names.
  const library = page.getByRole('region', { name: 'Block library' });
  for (const block of [
    /^(Structure du projet|Project structure)$/,
    /^(Contenu des fichiers sélectionnés|Selected files content|Selected files)$/,
  ]) {
    // A new project's composition holds them already (pressed): a click would take them out.
    const row = library.getByRole('button', { name: block }).first();
    if ((await row.getAttribute('aria-pressed')) !== 'true') await row.click();
  }
  // A new project's composition holds the request already; an older one offers to add it.
  const addTask = page.getByRole('button', { name: 'Add the task' });
  if (await addTask.isVisible()) await addTask.click();
  await page.getByRole('button', { name: 'Expand src' }).click();
  for (const file of ['src/greet.ts', 'src/index.ts', 'README.md']) {
    await page.getByRole('checkbox', { name: `Select ${file}`, exact: true }).check();
  }
  await page.getByLabel('Final request').fill('Add a farewell() function next to greet().');
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}
