import type { Page } from 'playwright-core';
import { newSignedInPage, openOpfsFolder, emptyComposition } from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import {
  closePrompt,
  composition,
  fileBox,
  folderBox,
  promptText,
  promptViewer,
  tree,
} from './support/workspace';

/** Opens "Why is <path> hidden?" on its dimmed row, reads the answer, closes it again. */
async function whyHidden(page: Page, path: string) {
  const name = `Why is ${path} hidden?`;
  const row = tree(page)
    .getByRole('treeitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
  const button = row.getByRole('button', { name, exact: true });
  await button.click();
  const text = (await row.getByRole('note').textContent()) ?? '';
  await button.click();
  await row.getByRole('note').waitFor({ state: 'detached' });
  return { row, text };
}

const opacity = (row: ReturnType<Page['locator']>) =>
  row.evaluate((el) => Number(getComputedStyle(el).opacity));

describe('listing views (e2e)', () => {
  test('"Show ignored" shows hidden paths dimmed with the rule and where it comes from', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    // A rule of the user's own (settings), beside the core list and two .gitignore files.
    await page.goto('/settings/ignore-patterns');
    const input = page.getByLabel('Add a pattern');
    await input.fill('drafts/');
    await input.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Ignore patterns saved.').last().waitFor();
    await page.goto('/');

    await openOpfsFolder(page, 'why-hidden', {
      '.gitignore': '# build output\n*.log\n',
      'README.md': '# Why hidden\n',
      'app.log': 'noise\n',
      'node_modules/left-pad/index.js': 'module.exports = 1;\n',
      'drafts/idea.md': 'later\n',
      'packages/a/.gitignore': '# generated\n\n/gen/\n',
      'packages/a/index.ts': 'export {};\n',
      'packages/a/gen/out.ts': 'generated\n',
      'only-ignored/trace.log': 'all of it hidden\n',
    });
    const showIgnored = page.getByRole('button', { name: /^Show ignored/ });
    await showIgnored.waitFor();
    // Nothing hidden is shown by default.
    expect(
      await tree(page)
        .getByRole('button', { name: /^Why is .* hidden\?$/ })
        .count(),
    ).toBe(0);
    expect(await tree(page).getByText('node_modules').count()).toBe(0);

    await showIgnored.click();
    expect(await showIgnored.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Expand packages' }).click();
    await page.getByRole('button', { name: 'Expand packages/a', exact: true }).click();

    const core = await whyHidden(page, 'node_modules');
    expect(core.text).toBe('Hidden by the core list: node_modules/');
    expect(await opacity(core.row)).toBeLessThan(1);
    const gitignore = await whyHidden(page, 'app.log');
    expect(gitignore.text).toBe('Hidden by .gitignore line 2: *.log');
    expect(await opacity(gitignore.row)).toBeLessThan(1);
    const nested = await whyHidden(page, 'packages/a/gen');
    expect(nested.text).toBe('Hidden by packages/a/.gitignore line 3: /gen/');
    const settings = await whyHidden(page, 'drafts');
    expect(settings.text).toMatch(/^Hidden by your settings, line \d+: drafts\/$/);
    const empty = await whyHidden(page, 'only-ignored');
    expect(empty.text).toBe('Every file inside is hidden, so the folder is not shown (as in git).');
    // Kept rows are not dimmed, and hidden ones cannot be selected.
    expect(await tree(page).getByRole('checkbox', { name: 'Select node_modules' }).count()).toBe(0);
    await fileBox(page, 'README.md').waitFor();

    await showIgnored.click();
    await expect
      .poll(() =>
        tree(page)
          .getByRole('button', { name: /^Why is .* hidden\?$/ })
          .count(),
      )
      .toBe(0);
  });

  test(
    'the structure modes change the rendered structure and show their costs',
    { timeout: 300_000 },
    async ({ browser, baseUrl }) => {
      const { page } = await newSignedInPage(browser, baseUrl);
      const files: Record<string, string> = {};
      for (let i = 0; i < 120; i++)
        files[`src/mod-${i % 6}/part-${i}.ts`] = `export const p${i} = 1;\n`;
      files['docs/deep/nested/guide.md'] = '# Guide\n';
      await openOpfsFolder(page, 'modes', files);
      await emptyComposition(page);
      await page
        .getByRole('region', { name: 'Block library' })
        .getByRole('button', { name: 'Project structure', exact: true })
        .click();
      await composition(page).getByRole('listitem', { name: 'Project structure' }).waitFor();
      await folderBox(page, 'docs').check();
      await page.getByRole('heading', { name: 'modes (1/121)' }).waitFor();

      const modeBox = page.getByRole('combobox', { name: 'Structure', exact: true });
      const option = (name: RegExp) => modeBox.getByRole('option', { name });
      const tokensOf = async (name: RegExp) => {
        await expect
          .poll(async () => (await option(name).textContent()) ?? '', { timeout: 60_000 })
          .toMatch(/ tokens$/);
        return Number(
          ((await option(name).textContent()) ?? '')
            .replace(/^.*· ([\d,]+) tokens$/, '$1')
            .replace(/,/g, ''),
        );
      };

      // Each option names its exact cost; on this small tree auto is the whole tree.
      const whole = await tokensOf(/^Whole project/);
      const selected = await tokensOf(/^Selected files/);
      const folders = await tokensOf(/^Folders to depth 2/);
      expect(await option(/^Auto \(Whole project\)/).textContent()).toBe(
        `Auto (Whole project) · ${whole.toLocaleString('en-US')} tokens`,
      );
      expect(selected).toBeLessThan(whole);
      expect(folders).toBeLessThan(whole);

      const generated = async () => {
        await settledTokens(page, { timeout: 60_000 });
        await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
        // The selected folder is there for the structure mode only: no files block wanted.
        await page
          .getByRole('dialog', { name: 'Your selected files are not in the prompt' })
          .getByRole('button', { name: 'Generate without them' })
          .click();
        const text = await promptText(page);
        const count =
          (await promptViewer(page).getByTestId('prompt-token-count').textContent()) ?? '';
        await closePrompt(page);
        return { text, tokens: Number(count.split('/')[0]!.replace(/[^\d]/g, '')) };
      };

      const auto = await generated();
      expect(auto.text).toContain('part-119.ts');
      expect(auto.tokens).toBe(whole);

      await modeBox.selectOption({
        label: `Selected files · ${selected.toLocaleString('en-US')} tokens`,
      });
      const onlySelected = await generated();
      expect(onlySelected.text).toContain('guide.md');
      expect(onlySelected.text).not.toContain('part-');
      expect(onlySelected.text).toContain('(120 more project files not shown)');
      expect(onlySelected.tokens).toBe(selected);

      await modeBox.selectOption('folders');
      const depth = page.getByRole('spinbutton', { name: 'Depth' });
      expect(await depth.inputValue()).toBe('2');
      const depthTwo = await generated();
      expect(depthTwo.text).toContain('mod-0/');
      expect(depthTwo.text).toContain('deep/');
      expect(depthTwo.text).not.toContain('nested/');
      expect(depthTwo.text).not.toContain('.ts');
      expect(depthTwo.tokens).toBe(folders);
      await depth.fill('1');
      await expect
        .poll(async () => (await generated()).text, { timeout: 60_000 })
        .not.toContain('mod-0/');

      await modeBox.selectOption('whole');
      const all = await generated();
      expect(all.text).toContain('part-119.ts');
      expect(all.text).toContain('nested/');

      // Auto follows the project model's budget: under a 10,000-token window the whole tree
      // costs more than 5 %, so auto shows the selected files.
      await modeBox.selectOption('auto');
      await page.getByRole('combobox', { name: 'Model' }).selectOption('custom');
      await page.getByLabel('Context window').fill('10000');
      await option(/^Auto \(Selected files\)/).waitFor({ state: 'attached' });
      const small = await generated();
      expect(small.text).not.toContain('part-');
      expect(small.text).toContain('(120 more project files not shown)');
    },
  );
});
