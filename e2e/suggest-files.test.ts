import type { Page } from 'playwright-core';
import {
  newSignedInPage,
  stubDirectoryPicker,
  writeDiskProject,
  writeOpfsProject,
} from './support/fixtures';
import { describe, expect, test } from './support/test';

/**
 * A small project in three languages where one file defines the function the request names;
 * others call it, test it or document it. The body line is what an outline would leave out.
 */
const BODY = 'seen_verbose = seen_verbose + 1  # counted once per flag';
const PROJECT = {
  'src/cli/args.py': [
    'import argparse',
    '',
    'def parse_arguments(argv):',
    '    """Reads the command line."""',
    '    parser = argparse.ArgumentParser()',
    '    seen_verbose = 0',
    '    for arg in argv:',
    "        if arg == '--verbose':",
    `            ${BODY}`,
    '    return parser.parse_args(argv), seen_verbose',
    '',
  ].join('\n'),
  'src/cli/main.py':
    'from cli.args import parse_arguments\n\ndef main(argv):\n    return parse_arguments(argv)\n',
  'src/web/server.ts': 'export function startServer(port: number) {\n  return port;\n}\n',
  'src/web/routes.ts':
    'import { startServer } from "./server";\nexport const routes = [startServer];\n',
  'tests/test_args.py':
    'from cli.args import parse_arguments\n\ndef test_it():\n    assert parse_arguments([])\n',
  'docs/usage.md': '# Usage\n\nRun the tool with --verbose for more output.\n',
  'README.md': '# Demo\n\nA command line tool.\n',
};

type Words = typeof EN;
const EN = {
  request: 'Final request',
  suggest: 'Suggest files',
  region: 'Suggested files',
  select: 'Select suggested',
  generate: 'Generate',
  prompt: 'Generated prompt',
  promptText: 'Prompt text',
  tokens: 'Token count',
  tree: 'Project files',
  mark: 'Suggested',
  copy: 'Copy',
};
const FR: Words = {
  request: 'Demande finale',
  suggest: 'Suggérer des fichiers',
  region: 'Fichiers suggérés',
  select: 'Sélectionner les suggestions',
  generate: 'Générer',
  prompt: 'Prompt généré',
  promptText: 'Texte du prompt',
  tokens: 'Nombre de jetons',
  tree: 'Fichiers du projet',
  mark: 'Suggéré',
  copy: 'Copier',
};

/** The request, Suggest files, Select suggested, Generate: the prompt's text and its count. */
async function suggestAndGenerate(page: Page, w: Words) {
  const suggest = page.getByRole('button', { name: w.suggest, exact: true });
  await page.getByRole('tree', { name: w.tree }).waitFor();
  expect(await suggest.isDisabled()).toBe(true);
  await page.getByLabel(w.request).fill('Fix parse_arguments so that --verbose can be given twice');
  await suggest.click();
  const region = page.getByRole('region', { name: w.region, exact: true });
  await region.and(page.locator('[aria-busy="false"]')).waitFor();
  // The defining file first, ticked, its reasons shown; the tree marks it.
  const first = region.getByRole('checkbox').first();
  expect(await first.getAttribute('aria-label')).toBe('src/cli/args.py');
  expect(await first.isChecked()).toBe(true);
  expect(await region.getByRole('listitem').first().textContent()).toContain('parse_arguments');
  // The tree marks it: its folder, collapsed, says it holds suggested files.
  await page
    .getByRole('tree', { name: w.tree })
    .getByRole('treeitem', { name: new RegExp(`^src ${w.mark}(\\s|$)`) })
    .waitFor();
  await region.getByRole('button', { name: w.select, exact: true }).click();
  // The files went into the selection: their folder, collapsed, is partly selected.
  await page
    .getByRole('tree', { name: w.tree })
    .getByRole('treeitem', { name: /^src\b/ })
    .and(page.locator('[aria-checked="mixed"]'))
    .waitFor();
  const bar = page.getByRole('progressbar', { name: w.tokens });
  await bar.and(page.locator('[aria-busy="false"]')).waitFor();
  const count = Number(await bar.getAttribute('aria-valuenow'));
  const max = Number(await bar.getAttribute('aria-valuemax'));
  await page.getByRole('button', { name: w.generate, exact: true }).last().click();
  const viewer = page.getByRole('dialog', { name: w.prompt });
  await viewer.waitFor();
  // The viewer opens on Copy, what it is there for.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
    .toBe(w.copy);
  const text = (await viewer.getByLabel(w.promptText).textContent()) ?? '';
  return { text, count, max };
}

describe('suggested files', () => {
  test('a new user names a function, clicks Suggest files then Select suggested: the file defining it is in the prompt, whole, within the budget (upload)', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const dir = await writeDiskProject('suggest-demo', PROJECT);
    await page.bringToFront();
    await page.getByLabel('Upload a project folder').first().setInputFiles(dir);
    const { text, count, max } = await suggestAndGenerate(page, EN);
    expect(text).toContain('src/cli/args.py');
    expect(text).toContain(BODY);
    expect(count).toBeLessThanOrEqual(max);
  });

  test('the same in French on a connected folder', async ({ browser, baseUrl }) => {
    const { page, context } = await newSignedInPage(browser, baseUrl);
    await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
    await writeOpfsProject(page, 'suggest-demo-fr', PROJECT);
    await stubDirectoryPicker(context, 'suggest-demo-fr');
    await page.reload();
    await page.getByRole('button', { name: 'Sélectionner un dossier de projet' }).click();
    const { text, count, max } = await suggestAndGenerate(page, FR);
    expect(text).toContain('src/cli/args.py');
    expect(text).toContain(BODY);
    expect(count).toBeLessThanOrEqual(max);
  });
});
