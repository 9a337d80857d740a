import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loggableError } from '../src/plugins/log-redaction';
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
