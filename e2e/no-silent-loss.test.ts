import {
  newSignedInPage,
  SAMPLE_PROJECT,
  stubDirectoryPicker,
  writeOpfsProject,
  emptyComposition,
} from './support/fixtures';
import { apiAs, createStaticBlock } from './support/api';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import {
  composition,
  historyPanel,
  library,
  libraryBlock,
  promptViewer,
  startStandalone,
  generatePrompt,
} from './support/workspace';

interface ApiBlock {
  id: string;
  name: string;
  type: string;
}
interface ApiComposition {
  id: string;
  blocks: { blockId: string; order: number }[];
}

describe('nothing lost without consent', () => {
  test('standalone Update keeps the project blocks it does not show: 6 stay 6', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const blocks = (await apiAs<{ items: ApiBlock[] }>(page, 'GET', '/api/blocks')).items;
    const ofType = (type: string) => blocks.find((b) => b.type === type)!.id;
    const role = await createStaticBlock(page, 'Role block');
    const rules = await createStaticBlock(page, 'Rules block');
    const savedIds = [
      ofType('PROJECT_STRUCTURE'),
      role.id,
      ofType('SELECTED_FILES_CONTENT'),
      rules.id,
      ofType('PROJECT_INFO'),
      ofType('DYNAMIC_TASK'),
    ];
    const saved = await apiAs<ApiComposition>(page, 'POST', '/api/compositions', {
      name: 'Six blocks',
      blockIds: savedIds,
    });
    const storedIds = async () =>
      (await apiAs<ApiComposition>(page, 'GET', `/api/compositions/${saved.id}`)).blocks
        .sort((a, b) => a.order - b.order)
        .map((b) => b.blockId);

    await page.reload();
    await startStandalone(page);
    await library(page)
      .getByRole('button', { name: /Six blocks/ })
      .click();
    await expect.poll(() => composition(page).getByRole('listitem').count()).toBe(4);
    await page
      .getByText('“Six blocks” has 2 project blocks that standalone mode does not show.', {
        exact: false,
      })
      .waitFor();

    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Composition updated; its 2 project blocks were kept.').waitFor();
    expect(await storedIds()).toEqual(savedIds);

    // Updating again (a block switched off and on) still keeps all six.
    const task = composition(page).getByRole('switch', { name: /Dynamic User Task/ });
    await task.click();
    await task.click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(storedIds).toEqual(savedIds);
  });

  test('Clear offers Undo, which brings back the composition and the typed request', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await startStandalone(page);
    await libraryBlock(page, 'Dynamic User Task').click();
    await composition(page).getByRole('listitem').first().waitFor();
    await libraryBlock(page, 'Project information').click();
    await page.getByLabel('Final request').fill('Keep this request.');

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => composition(page).count()).toBe(0);
    const toast = page.getByRole('status').filter({ hasText: 'Composition cleared.' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Undo' }).click();

    await expect.poll(() => composition(page).getByRole('listitem').count()).toBe(2);
    expect(await page.getByLabel('Final request').inputValue()).toBe('Keep this request.');
  });

  test('an over-budget Generate asks first and names the overshoot; Cancel keeps no history', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await startStandalone(page);
    await libraryBlock(page, 'Dynamic User Task').click();
    await page.getByLabel('Final request').fill('Explain the whole design of this project.');
    // 200,000 − 199,995: a budget of 5 tokens.
    await page.getByLabel('Answer reserve').fill('199995');
    await settledTokens(page);

    const generate = page.getByRole('button', { name: 'Generate', exact: true }).last();
    await generate.click();
    const dialog = page.getByRole('dialog', { name: 'Over the token budget' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    const match = /([\d,]+) tokens: ([\d,]+) tokens over the 5 budget/.exec(text);
    expect(match).not.toBeNull();
    const total = Number(match![1]!.replace(/,/g, ''));
    expect(Number(match![2]!.replace(/,/g, ''))).toBe(total - 5);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Generation has ended (the button is no longer busy) and left nothing behind.
    await expect.poll(() => generate.getAttribute('aria-busy')).toBeNull();
    expect(await promptViewer(page).count()).toBe(0);
    expect(await historyPanel(page).count()).toBe(0);

    await generate.click();
    await dialog.getByRole('button', { name: 'Generate anyway' }).click();
    await promptViewer(page).waitFor();
    await page.getByRole('region', { name: 'History (1)' }).waitFor();
  });

  test('a file over 1 MB is marked once selected, and the history counts only included files', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await writeOpfsProject(page, 'big-file-project', {
      ...SAMPLE_PROJECT,
      'data.json': `[${'"x",'.repeat(300_000)}"x"]`,
    });
    await stubDirectoryPicker(context, 'big-file-project');
    await page.reload();
    await page.getByRole('button', { name: 'Select a project folder' }).click();
    const tree = page.getByRole('tree', { name: 'Project files' });
    const big = tree.getByRole('checkbox', { name: 'Select data.json', exact: true });
    await big.waitFor();
    expect(await big.getAttribute('aria-describedby')).toBeNull();

    await big.check();
    const describedBy = await big.getAttribute('aria-describedby');
    expect(describedBy).not.toBeNull();
    const description = await page.locator(`[id="${describedBy}"]`).textContent();
    expect(description).toContain('Too large to include (over 1 MB)');

    await emptyComposition(page);
    await libraryBlock(page, 'Selected files content').click();
    await tree.getByRole('checkbox', { name: 'Select README.md', exact: true }).check();
    const prompt = await generatePrompt(page);
    expect(prompt).toContain('File: README.md');
    expect(prompt).not.toContain('File: data.json');
    const entry = historyPanel(page).getByRole('list', { name: 'Prompt history' });
    await entry.getByText('1 file', { exact: true }).waitFor();
  });
});
