import { readFileSync } from 'node:fs';
import { SYSTEM_BLOCK_TEXTS_BY_LANGUAGE, type AccountExport } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listAll, type TestApp } from './helpers';

/**
 * System blocks speak the request's language (decision 093): their default names and
 * descriptions follow `Accept-Language` in the block list, the compositions and the export,
 * while a user's rename stays as written.
 */
describe('system block names in the request’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  interface Listed {
    id: string;
    type: string;
    name: string;
    description: string | null;
    content: string;
  }
  const structure = async (headers: Record<string, string>) =>
    (await listAll<Listed>(t, headers, '/api/blocks')).find(
      (block) => block.type === 'PROJECT_STRUCTURE',
    )!;

  it('names them in English by default and in French when asked; a rename stays', async () => {
    const ada = await t.createUser('Ada');
    const english = await structure(ada.headers);
    expect(english).toMatchObject({
      name: 'Project structure',
      description: "The project's file tree, without the ignored files.",
    });
    expect(await structure({ ...ada.headers, 'accept-language': 'fr-FR' })).toMatchObject({
      name: 'Structure du projet',
    });
    const one = await t.app.inject({
      url: `/api/blocks/${english.id}`,
      headers: { ...ada.headers, 'accept-language': 'en' },
    });
    expect(one.json()).toMatchObject({ name: 'Project structure' });

    const composition = await t.app.inject({
      method: 'POST',
      url: '/api/compositions',
      headers: ada.headers,
      payload: { name: 'Flow', blockIds: [english.id] },
    });
    expect(composition.json()).toMatchObject({ blocks: [{ name: 'Project structure' }] });
    const frenchList = await t.app.inject({
      url: '/api/compositions',
      headers: { ...ada.headers, 'accept-language': 'fr' },
    });
    expect(frenchList.json()).toMatchObject({
      items: [{ blocks: [{ name: 'Structure du projet' }] }],
    });

    const exported = await t.app.inject({ url: '/api/account/export', headers: ada.headers });
    const file = exported.json<AccountExport>();
    expect(file.blocks.find((block) => block.type === 'PROJECT_STRUCTURE')).toMatchObject({
      name: 'Project structure',
    });

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${english.id}`,
      headers: ada.headers,
      payload: { name: 'Arborescence à moi', content: english.content, type: 'PROJECT_STRUCTURE' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await structure(ada.headers)).name).toBe('Arborescence à moi');
    expect((await structure({ ...ada.headers, 'accept-language': 'fr' })).name).toBe(
      'Arborescence à moi',
    );
  });

  it('says them as the web’s locale files do', () => {
    for (const language of ['en', 'fr'] as const) {
      const locale = JSON.parse(
        readFileSync(
          new URL(`../../web/public/locales/${language}/translation.json`, import.meta.url),
          'utf8',
        ),
      ) as { blocks: { systemTexts: Record<string, { name: string; description: string }> } };
      for (const [type, texts] of Object.entries(SYSTEM_BLOCK_TEXTS_BY_LANGUAGE[language])) {
        expect(texts, `${language} ${type}`).toEqual({
          name: locale.blocks.systemTexts[type]!.name,
          description: locale.blocks.systemTexts[type]!.description,
        });
      }
    }
  });
});
