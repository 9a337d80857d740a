import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loggableError, redactUrl } from '../src/plugins/log-redaction';
import { openTestDatabase, testConfig } from './helpers';

let app: App;
let close: () => Promise<void>;
let log = '';

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  app = await buildApp(testConfig({ logLevel: 'info' }), { database, logStream });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
});
afterAll(() => close());

describe('logs without secrets', () => {
  it('redacts share tokens in URLs, and never writes cookies or authorization headers', async () => {
    const token = 'SeCrEtShareToken0123456789abcdef';
    await app.inject({
      url: `/api/shared-items/share/${token}?x=1`,
      headers: { authorization: 'Bearer bearer-secret-value', cookie: 'refresh=cookie-secret' },
    });
    expect(log).toContain('/api/shared-items/share/[redacted]?x=1');
    for (const secret of [token, 'bearer-secret-value', 'cookie-secret']) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts secrets from every logged URL, however they are encoded', async () => {
    const share = 'ShareTok3nVALUEabcdef0123456789xyz';
    const pat = 'plt_PersonalTok3nVALUE0123456789abcdefghijk';
    const code = 'OAuthCodeVALUE9876';
    const state = 'OAuthStateVALUE5432';
    const pct = (text: string) =>
      [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const targets = [
      `/share/${share}`,
      `/share/${share}/`,
      `/SHARE/${share}`,
      `/%73hare/${share}`,
      `/share/${pct(share)}`,
      `/share%2F${share}`,
      `/share%252F${share}`,
      `/api/shared-items/share/${share}`,
      `/api/shared-items/share/${share}/import`,
      `/api/shared-items/share%2F${share}`,
      `/api/shared-items/%73hare/${encodeURIComponent(share)}?x=1`,
      `/%61pi/shared-items/share/${share}`,
      `//api/shared-items/share/${share}`,
      `/api/blocks/${pat}`,
      `/api/blocks?q=${pat}`,
      `/api/blocks?q=${pct(pat)}`,
      `/auth/finalize?code=${code}&state=${state}`,
      `/auth/finalize/github?state=${state}&code=${code}`,
      `/api/auth/local/authorize?%73tate=${state}`,
      `/auth/finalize?CODE=${pct(code)}`,
    ];
    for (const target of targets) {
      for (const url of [target, `http://127.0.0.1:3000${target}`]) {
        log = '';
        await app.inject({ url });
        expect(log, url).not.toBe('');
        for (const secret of [share, pat, code, state]) {
          expect(log, `${url} logged ${secret}`).not.toContain(secret);
          expect(log, url).not.toContain(secret.slice(4, 20));
        }
        expect(log, url).toContain('[redacted]');
      }
    }
    // A malformed encoding is refused before routing; whatever is logged holds no secret.
    log = '';
    await app.inject({ url: `/api/shared-items/share/${share}%ZZ` });
    expect(log).not.toContain(share);
    expect(redactUrl(`/share/${share}%ZZ`)).toBe('/share/[redacted]');
  });

  it('keeps what is not secret readable', () => {
    expect(redactUrl('/api/blocks?limit=50&cursor=abc')).toBe('/api/blocks?limit=50&cursor=abc');
    expect(redactUrl('/api/shared-items/share/tok?x=1')).toBe(
      '/api/shared-items/share/[redacted]?x=1',
    );
    expect(redactUrl('/auth/finalize?code=c&state=s&lang=fr')).toBe(
      '/auth/finalize?code=[redacted]&state=[redacted]&lang=fr',
    );
    expect(redactUrl('/%61pi/blocks')).toBe('/api/blocks');
    expect(redactUrl('/share')).toBe('/share');
  });

  it('keeps the statement and code of a failed query, never its parameters', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const error = new DrizzleQueryError(
      'insert into "blocks" ("name", "content") values ($1, $2)',
      ['my block', 'private block content'],
      cause,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(JSON.parse(logged)).toEqual({
      type: 'DrizzleQueryError',
      message: 'Failed query: invalid byte sequence for encoding "UTF8": 0x00',
      statement: 'insert into "blocks" ("name", "content") values ($1, $2)',
      code: '22021',
    });
    expect(logged).not.toContain('private block content');
    // Any other error is logged as it is.
    const plain = new Error('boom');
    expect(loggableError(plain)).toBe(plain);
  });
});
