import { generateKeyPairSync } from 'node:crypto';
import { fakeChars } from '@promptloom/core/secrets/fixtures';
import type { Page } from 'playwright-core';
import {
  newSignedInPage,
  uploadFolder,
  writeDiskProject,
  emptyComposition,
} from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import { fileBox, folderBox, promptText, promptViewer, tree } from './support/workspace';

/** Opens a project folder written on disk through the upload fallback, with the files block. */
async function openProject(page: Page, files: Record<string, string>): Promise<void> {
  await uploadFolder(page, await writeDiskProject('fit-project', files));
  await emptyComposition(page);
  const library = page.getByRole('region', { name: 'Block library' });
  await library.getByRole('button', { name: 'Selected files content', exact: true }).click();
}

/** A TypeScript module of `count` documented functions with long bodies. */
function documentedModule(
  prefix: string,
  count: number,
): { source: string; signatures: string[]; docs: string[]; bodies: string[] } {
  const signatures: string[] = [];
  const docs: string[] = [];
  const bodies: string[] = [];
  let source = '';
  for (let i = 0; i < count; i++) {
    const doc = `/** Computes the ${prefix} score number ${i} from its inputs. */`;
    const signature = `export function ${prefix}Score${i}(values: number[], weight: number): number`;
    const body = Array.from(
      { length: 12 },
      (_, line) =>
        `  const ${prefix}Step${line} = values.map((v) => v * weight + ${i * 100 + line}).reduce((a, b) => a + b, 0);`,
    ).join('\n');
    docs.push(doc);
    signatures.push(signature);
    bodies.push(body.split('\n')[3]!.trim());
    source += `${doc}\n${signature} {\n${body}\n  return ${prefix}Step11;\n}\n\n`;
  }
  return { source, signatures, docs, bodies };
}

describe('fit to budget and the secret scan', () => {
  test('"Fit to budget" brings a selection within the budget; outlines keep signatures and docs', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const big = documentedModule('alpha', 30);
    const mid = documentedModule('beta', 8);
    await openProject(page, {
      'src/alpha.ts': big.source,
      'src/beta.ts': mid.source,
      'README.md': '# Fit project\n\nA small readme that stays whole.\n',
    });
    await folderBox(page, 'src').check();
    await fileBox(page, 'README.md').check();
    const { count: before } = await settledTokens(page);

    // A custom model whose budget the selection exceeds.
    await page.getByLabel('Model').selectOption({ label: 'Custom' });
    const budget = Math.floor(before / 2);
    await page.getByLabel('Context window').fill(String(budget));
    await page.getByLabel('Answer reserve').fill('0');

    // On a phone, Fit to budget and Generate go under the count rather than cover it.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('over-budget').waitFor();
    const count = (await page.getByTestId('token-count').boundingBox())!;
    const fitButton = (await page
      .getByRole('button', { name: 'Fit to budget', exact: true })
      .boundingBox())!;
    expect(count.x + count.width).toBeLessThanOrEqual(390);
    expect(count.y + count.height).toBeLessThanOrEqual(fitButton.y);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Fit to budget', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fit to budget' });
    const changes = dialog.getByRole('list', { name: 'Changes' });
    await changes.getByText('src/alpha.ts').waitFor();
    expect(await changes.getByText('README.md').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();

    await expect
      .poll(async () => (await settledTokens(page)).count, { timeout: 60_000 })
      .toBeLessThanOrEqual(budget);
    expect(await page.getByRole('button', { name: 'Fit to budget', exact: true }).count()).toBe(0);
    await tree(page).getByRole('button', { name: 'Expand src' }).click();
    await tree(page)
      .getByRole('button', { name: 'Inclusion mode of src/alpha.ts: Outline', exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
    const prompt = await promptText(page);
    expect(prompt).toContain('File: src/alpha.ts (outline)');
    for (const signature of big.signatures) expect(prompt).toContain(signature);
    for (const doc of big.docs) expect(prompt).toContain(doc);
    for (const body of big.bodies) expect(prompt).not.toContain(body);
    expect(prompt).toContain('A small readme that stays whole.');
    await promptViewer(page).getByRole('button', { name: 'Close' }).last().click();

    // One action undoes the whole plan.
    await page.getByRole('button', { name: 'Undo fit', exact: true }).click();
    await expect
      .poll(async () => (await settledTokens(page)).count, { timeout: 60_000 })
      .toBe(before);
  });

  test('a file with a GitHub token and an RSA key is flagged before the prompt can be copied; Redact removes both', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const token = `ghp_${fakeChars(36, 2026)}`;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString().trim();
    const env = `# deployment settings\nGITHUB_TOKEN=${token}\nREGION=eu-west-3\n${pem}\nRETRIES=3\n`;
    await openProject(page, {
      'deploy/settings.env': env,
      'src/app.ts': 'export const app = "clean";\n',
    });
    await folderBox(page, 'deploy').check();
    await folderBox(page, 'src').check();
    await settledTokens(page);

    await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
    const warning = page.getByRole('dialog', { name: 'Possible secrets in this prompt' });
    await warning.waitFor();
    const found = warning.getByRole('list', { name: 'Secrets found' });
    await found.getByText('deploy/settings.env:2').waitFor();
    await found.getByText('github-token').waitFor();
    await found.getByText('deploy/settings.env:4').waitFor();
    await found.getByText('private-key').waitFor();
    // The prompt cannot be seen or copied while the warning is open.
    expect(await promptViewer(page).count()).toBe(0);

    await warning.getByRole('button', { name: 'Redact', exact: true }).click();
    const prompt = await promptText(page);
    expect(prompt).not.toContain(token);
    expect(prompt).not.toContain(pem.split('\n')[1]!);
    expect(prompt).not.toContain('PRIVATE KEY-----');
    expect(prompt).toContain(
      '# deployment settings\nGITHUB_TOKEN=[REDACTED:github-token]\nREGION=eu-west-3\n[REDACTED:private-key]\nRETRIES=3\n',
    );
    expect(prompt).toContain('export const app = "clean";');
  });
});
