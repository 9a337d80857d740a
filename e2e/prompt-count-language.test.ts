import { countCl100k } from '@promptloom/core/count-cl100k';
import type { Page } from 'playwright-core';
import en from '../packages/web/public/locales/en/translation.json';
import fr from '../packages/web/public/locales/fr/translation.json';
import { newSignedInPage, switchLanguage, uploadDiskProject } from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';

type Lang = 'en' | 'fr';
const RESOURCES = { en, fr } as const;

/** A UI string as `lang` writes it, by its translation key. */
function t(lang: Lang, key: string): string {
  let node: unknown = RESOURCES[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`No string ${key} in ${lang}`);
  return node;
}

/** A count as the page writes it ("12,228", "12 228") read back as a number. */
const numberIn = (text: string) => Number(text.replace(/\D/g, ''));

/** Generates, reads the viewer's prompt and count, and closes it. */
async function generate(page: Page, lang: Lang): Promise<{ prompt: string; tokens: number }> {
  await page
    .getByRole('button', { name: t(lang, 'workspace.generation.generate'), exact: true })
    .last()
    .click();
  const viewer = page.getByRole('dialog', { name: t(lang, 'promptViewer.title') });
  const prompt = (await viewer.getByLabel(t(lang, 'promptViewer.content')).textContent()) ?? '';
  const footer = (await viewer.getByTestId('prompt-token-count').textContent()) ?? '';
  const tokens = numberIn(footer.split('/')[0]!);
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });
  return { prompt, tokens };
}

/** A TypeScript module of `count` documented functions with long bodies (outlines shrink it). */
function documentedModule(prefix: string, count: number): string {
  let source = '';
  for (let i = 0; i < count; i++) {
    const body = Array.from(
      { length: 10 },
      (_, line) => `  const step${line} = values.map((v) => v * weight + ${i * 100 + line});`,
    ).join('\n');
    source += `/** Computes the ${prefix} score ${i}. */\nexport function ${prefix}Score${i}(values: number[], weight: number): number[] {\n${body}\n  return step9;\n}\n\n`;
  }
  return source;
}

describe('one count and the prompt language', () => {
  test('the bar, the generated prompt and its history entry show the exact count of the prompt', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await uploadDiskProject(context, page, 'count-project');
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('checkbox', { name: 'Select README.md', exact: true }).check();
    await tree.getByRole('checkbox', { name: 'Select folder src', exact: true }).check();
    // The default composition: structure, files, answer format, and the task with a request.
    await page.getByLabel('Final request').fill('Explain how greet is used, then rename it');
    const bar = await settledTokens(page);

    const { prompt, tokens } = await generate(page, 'en');
    expect(prompt).toContain('Explain how greet is used, then rename it');
    // The model is the default one, counted by cl100k_base: the exact count of the text.
    const exact = countCl100k(prompt);
    expect(tokens).toBe(exact);
    expect(bar.count).toBe(exact);

    const entry = page
      .getByRole('list', { name: 'Prompt history' })
      .getByRole('article')
      .filter({ hasText: 'Explain how greet is used' });
    await entry.waitFor();
    const entryText = await entry.innerText();
    expect(numberIn(/([\d,]+) tokens?\b/.exec(entryText)![1]!)).toBe(exact);
    // Generating changed nothing the bar counts: it still reads the same number.
    expect((await settledTokens(page)).count).toBe(exact);
  });

  test("Fit to budget's after, its toast and the bar once applied are one number", async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await uploadDiskProject(context, page, 'fit-count-project', {
      'src/alpha.ts': documentedModule('alpha', 30),
      'src/beta.ts': documentedModule('beta', 8),
      'README.md': '# Fit project\n\nA small readme that stays whole.\n',
    });
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('checkbox', { name: 'Select folder src', exact: true }).check();
    await tree.getByRole('checkbox', { name: 'Select README.md', exact: true }).check();
    await page.getByLabel('Final request').fill('Shorten the score functions');
    const { count: before } = await settledTokens(page);
    await page.getByLabel('Model').selectOption({ label: 'Custom' });
    await page.getByLabel('Context window').fill(String(before - 1000));
    await page.getByLabel('Answer reserve').fill('0');
    await settledTokens(page);

    await page.getByRole('button', { name: 'Fit to budget', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fit to budget' });
    const after = dialog.locator('dt', { hasText: 'After' }).locator('xpath=following-sibling::dd');
    const planned = numberIn((await after.textContent()) ?? '');
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    const toast =
      (await page
        .getByText(/^Fitted: /)
        .first()
        .textContent()) ?? '';
    expect(numberIn(toast.split('→')[1]!)).toBe(planned);
    expect(numberIn(toast.split('→')[0]!)).toBe(before);
    await expect
      .poll(async () => (await settledTokens(page)).count, { timeout: 60_000 })
      .toBe(planned);
  });

  test('a French interface with English as the prompt language writes English instructions and date', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await switchLanguage(page, 'fr');
    await page.getByRole('button', { name: t('fr', 'landing.standalone.button') }).click();
    const library = page.getByRole('region', { name: t('fr', 'workspace.library.title') });
    for (const type of ['PROJECT_INFO', 'ANSWER_FORMAT', 'DYNAMIC_TASK']) {
      const name = t('fr', `blocks.systemTexts.${type}.name`);
      await library.getByRole('button', { name, exact: true }).click();
    }
    await page.getByLabel(t('fr', 'workspace.request.label')).fill('Renomme la fonction.');

    // By default the prompt speaks the interface's language, and the control says so.
    const language = page.getByRole('combobox', { name: 'Langue du prompt', exact: true });
    expect(await language.inputValue()).toBe('interface');
    expect(await language.locator('option:checked').textContent()).toBe('Français (interface)');
    const french = await generate(page, 'fr');
    expect(french.prompt).toContain('Quand vous modifiez des fichiers');
    expect(french.prompt).toMatch(/Date: \d{1,2} [a-zéû]+ \d{4} à \d\d:\d\d/);

    await language.selectOption({ label: 'English' });
    const english = await generate(page, 'fr');
    expect(english.prompt).toContain('When you change files');
    expect(english.prompt).not.toContain('Quand vous modifiez');
    expect(english.prompt).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M/);
    expect(english.prompt).not.toMatch(/\d{4}-\d\d-\d\dT/);

    // Kept with the project's other prompt settings: a reload keeps English.
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Langue du prompt' }).inputValue())
      .toBe('en');
  });
});
