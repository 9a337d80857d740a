import { ERROR_MESSAGES, type ErrorCode } from '@promptloom/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLanguage } from '../src/request-language';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Every error the API sends carries a code of the catalogue, and its text follows the
 * request's `Accept-Language` (English by default, French when asked first).
 */

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.createUser());
});
afterAll(() => t.close());

const FRENCH = 'fr-FR,fr;q=0.9,en;q=0.5';

function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: ErrorCode,
  lang: 'en' | 'fr',
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, error: ERROR_MESSAGES[code][lang] });
}

describe('the language of the API’s own text', () => {
  it('reads Accept-Language by quality, with regional tags, English when none is ours', () => {
    expect(requestLanguage(undefined)).toBe('en');
    expect(requestLanguage('')).toBe('en');
    expect(requestLanguage('de-DE,de;q=0.9')).toBe('en');
    expect(requestLanguage('fr-CA')).toBe('fr');
    expect(requestLanguage('de;q=1, fr;q=0.8, en;q=0.5')).toBe('fr');
    expect(requestLanguage('en;q=0.4, fr;q=0.9')).toBe('fr');
    expect(requestLanguage('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(requestLanguage('fr;q=0, en')).toBe('en');
  });

  it('answers a service error in English by default and in French when asked', async () => {
    const missing = '/api/blocks/zzzzzzzzzzzzzzzzzzzzzzzz';
    expectError(await t.app.inject({ url: missing, headers }), 404, 'BLOCK_NOT_FOUND', 'en');
    const fr = await t.app.inject({
      url: missing,
      headers: { ...headers, 'accept-language': FRENCH },
    });
    expectError(fr, 404, 'BLOCK_NOT_FOUND', 'fr');
  });

  it('answers a coded validation error in the asked language', async () => {
    const payload = { name: '', content: 'x', type: 'STATIC' };
    const send = (lang?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: lang ? { ...headers, 'accept-language': lang } : headers,
        payload,
      });
    expectError(await send(), 400, 'BLOCK_NAME_EMPTY', 'en');
    expectError(await send(FRENCH), 400, 'BLOCK_NAME_EMPTY', 'fr');
  });

  it('gives an uncoded validation issue the generic code, and French text in French', async () => {
    const payload = { name: 'n', content: 'x', type: 'STATIC', category: 42 };
    const send = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: { ...headers, 'accept-language': lang },
        payload,
      });
    const en = await send('en');
    expect(en.statusCode).toBe(400);
    // English clients keep zod's detail, which names what was expected.
    expect(en.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'category' });
    expect(en.json<{ error: string }>().error).toMatch(/^category: .*expected string/i);
    const fr = await send(FRENCH);
    expect(fr.json()).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'category',
      error: `category: ${ERROR_MESSAGES.VALIDATION_FAILED.fr}`,
    });
  });

  it('codes and translates the framework’s own refusals', async () => {
    const fr = { ...headers, 'accept-language': FRENCH };
    expectError(await t.app.inject({ url: '/api/nope', headers: fr }), 404, 'NOT_FOUND', 'fr');
    expectError(await t.app.inject({ url: '/api/nope', headers }), 404, 'NOT_FOUND', 'en');
    const huge = JSON.stringify({
      name: 'n',
      content: 'x'.repeat(3 * 1024 * 1024),
      type: 'STATIC',
    });
    const refusedBodies = [
      ['fr', 'application/json', '{"name": ', 400, 'BODY_INVALID_JSON'],
      ['en', 'application/json', '', 400, 'BODY_INVALID_JSON'],
      ['fr', 'application/xml', '<block/>', 415, 'MEDIA_TYPE_UNSUPPORTED'],
      ['fr', 'application/json', huge, 413, 'BODY_TOO_LARGE'],
    ] as const;
    for (const [lang, contentType, payload, status, code] of refusedBodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: { ...(lang === 'fr' ? fr : headers), 'content-type': contentType },
        payload,
      });
      expectError(res, status, code, lang);
    }
    const signedOut = await t.app.inject({
      url: '/api/blocks',
      headers: { 'accept-language': 'fr' },
    });
    expectError(signedOut, 401, 'UNAUTHORIZED', 'fr');
  });
});
