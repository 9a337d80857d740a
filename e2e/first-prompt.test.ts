import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { newSignedInPage, uploadFolder, writeDiskProject } from './support/fixtures';
import { describe, expect, test } from './support/test';
import { settledTokens } from './support/tokens';
import {
  composition,
  fileBox,
  folderBox,
  generatePrompt,
  promptText,
  promptViewer,
  tree,
} from './support/workspace';

async function openUploaded(page: Page, name: string, files: Record<string, string>) {
  await uploadFolder(page, await writeDiskProject(name, files));
}

describe('the first prompt of a new user', () => {
  test('a new project starts with structure, files, answer format and request: ticked files are in the first prompt', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openUploaded(page, 'first-prompt', {
      'src/greet.ts': 'export const greet = (name: string) => `Hello, ${name}!`;\n',
      'README.md': '# First prompt\n',
    });
    for (const name of [
      'Project structure',
      'Selected files content',
      'Answer format',
      'Dynamic User Task',
    ]) {
      await composition(page).getByRole('listitem', { name, exact: true }).waitFor();
    }
    await folderBox(page, 'src').check();
    await page.getByLabel('Final request').fill('Add a farewell function.');
    const prompt = await generatePrompt(page);
    expect(prompt).toContain('src/greet.ts');
    expect(prompt).toContain('`Hello, ${name}!`');
    expect(prompt).toContain('Add a farewell function.');
    // The answer format comes before the request.
    expect(prompt.indexOf('<<<<<<< SEARCH')).toBeGreaterThan(-1);
    expect(prompt.indexOf('<<<<<<< SEARCH')).toBeLessThan(
      prompt.indexOf('Add a farewell function.'),
    );
  });

  test('a composition chosen in Settings is the one a new project starts with', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const rules = await apiCall<{ id: string }>(page, 'POST', '/api/blocks', {
      name: 'House rules',
      content: 'Keep functions short.',
      type: 'STATIC',
    });
    const { items } = await apiCall<{ items: { id: string; type: string }[] }>(
      page,
      'GET',
      '/api/blocks',
    );
    const files = items.find((block) => block.type === 'SELECTED_FILES_CONTENT')!;
    await apiCall(page, 'POST', '/api/compositions', {
      name: 'Rules and files',
      blockIds: [rules.id, files.id],
    });

    await page.goto('/settings/compositions');
    await page
      .getByRole('combobox', { name: 'Composition for new projects' })
      .selectOption({ label: 'Rules and files' });
    await page.getByText('New projects will start with this composition.').waitFor();

    await page.goto('/');
    await openUploaded(page, 'own-default', { 'src/a.ts': 'export const a = 1;\n' });
    const names = composition(page).getByRole('listitem');
    await composition(page).getByRole('listitem', { name: 'House rules', exact: true }).waitFor();
    await composition(page)
      .getByRole('listitem', { name: 'Selected files content', exact: true })
      .waitFor();
    expect(
      await composition(page)
        .getByRole('listitem', { name: 'Project structure', exact: true })
        .count(),
    ).toBe(0);
    expect(await names.count()).toBe(2);
  });

  test('without a files block the workspace says so and adds it in one click; Generate warns too', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openUploaded(page, 'no-files-block', { 'a.ts': 'export const a = 1;\n' });
    const filesItem = composition(page).getByRole('listitem', {
      name: 'Selected files content',
      exact: true,
    });
    await filesItem.waitFor();
    await filesItem.getByRole('button', { name: /^Remove/ }).click();
    await fileBox(page, 'a.ts').check();
    const notice = page.getByRole('status').filter({ hasText: 'not in the prompt' });
    await notice.getByText('1 selected file is not in the prompt').waitFor();

    // Generate asks first; "Add the files and generate" puts the file in.
    await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
    const ask = page.getByRole('dialog', { name: 'Your selected files are not in the prompt' });
    await ask.getByRole('button', { name: 'Add the files and generate' }).click();
    expect(await promptText(page)).toContain('export const a = 1;');
    await promptViewer(page).getByRole('button', { name: 'Close' }).last().click();
    expect(await notice.count()).toBe(0);

    // Off again: the notice's button brings it back in one click.
    await filesItem.getByRole('button', { name: /^Remove/ }).click();
    await notice.getByRole('button', { name: 'Add the files to the prompt' }).click();
    await filesItem.waitFor();
    await notice.waitFor({ state: 'detached' });
  });

  test('Select all over the budget is accepted, shown over budget, and Fit brings it under', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const body = (name: string) =>
      Array.from(
        { length: 60 },
        (_, i) =>
          `export function ${name}${i}(x: number): number {\n  return x * ${i} + ${i};\n}\n`,
      ).join('\n');
    await openUploaded(page, 'over-budget', {
      'src/alpha.ts': body('alpha'),
      'src/beta.ts': body('beta'),
      'LICENSE.md': 'Permission is hereby granted, free of charge, to any person. '.repeat(200),
    });
    await composition(page)
      .getByRole('listitem', { name: 'Selected files content', exact: true })
      .waitFor();
    // A model whose budget the whole folder exceeds.
    await page.getByLabel('Model').selectOption({ label: 'Custom' });
    await page.getByLabel('Context window').fill('4000');
    await page.getByLabel('Answer reserve').fill('0');

    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await expect
      .poll(async () => (await settledTokens(page)).count, { timeout: 60_000 })
      .toBeGreaterThan(4000);
    // Accepted: every file stays ticked; the bar says over budget.
    const box = (name: string) => tree(page).getByRole('checkbox', { name, exact: true });
    expect(await box('Select folder src').isChecked()).toBe(true);
    expect(await box('Select LICENSE.md').isChecked()).toBe(true);
    await page
      .getByTestId('over-budget')
      .getByText(/^Over budget by [\d,]+$/)
      .waitFor();
    expect(await page.getByText(/Selection refused/).count()).toBe(0);

    await page.getByRole('button', { name: 'Fit to budget', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fit to budget' });
    const changes = dialog.getByRole('list', { name: 'Changes' });
    // The licence goes before any source file.
    await expect
      .poll(async () => (await changes.getByRole('listitem').first().textContent()) ?? '')
      .toContain('LICENSE.md');
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    // At once, the toast writes its numbers with separators, and sits clear of Generate.
    const fitted = page.getByRole('status').filter({ hasText: /^Fitted:/ });
    await fitted.waitFor();
    expect(await fitted.textContent()).toMatch(
      /^Fitted: \d{1,3}(,\d{3})+ → \d{1,3}(,\d{3})* tokens$/,
    );
    // The toast slides in from below: its resting place is what must clear Generate.
    const generate = page.getByRole('button', { name: 'Generate', exact: true }).last();
    await expect
      .poll(async () => {
        const [toastBox, generateBox] = await Promise.all([
          fitted.boundingBox(),
          generate.boundingBox(),
        ]);
        if (!toastBox || !generateBox) return 'not on screen';
        const apart =
          toastBox.y + toastBox.height <= generateBox.y ||
          generateBox.y + generateBox.height <= toastBox.y ||
          toastBox.x + toastBox.width <= generateBox.x ||
          generateBox.x + generateBox.width <= toastBox.x;
        return apart
          ? 'apart'
          : `toast ${JSON.stringify(toastBox)} over Generate ${JSON.stringify(generateBox)}`;
      })
      .toBe('apart');

    await expect
      .poll(async () => (await settledTokens(page)).count, { timeout: 60_000 })
      .toBeLessThanOrEqual(4000);
    expect(await page.getByTestId('over-budget').count()).toBe(0);
  });
});
