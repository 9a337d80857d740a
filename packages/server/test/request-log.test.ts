import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { formatLogLine } from '../src/plugins/log-format';
import { openTestDatabase, testConfig } from './helpers';

/** An app logging at `level` into `lines` (one pino record each). */
async function loggingApp(level: 'info' | 'debug') {
  const { database, drop } = await openTestDatabase();
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp(testConfig({ logLevel: level }), { database, logStream });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

describe('one log line per request', () => {
  let info: Awaited<ReturnType<typeof loggingApp>>;
  let debug: Awaited<ReturnType<typeof loggingApp>>;
  beforeAll(async () => {
    info = await loggingApp('info');
    debug = await loggingApp('debug');
  });
  beforeEach(() => {
    info.lines.length = 0;
    debug.lines.length = 0;
  });
  afterAll(async () => {
    await info?.close();
    await debug?.close();
  });

  const requestLines = (lines: string[]) =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.req !== undefined);

  it('logs a routine answer at debug only, a client error at info, each once', async () => {
    for (const { app } of [info, debug]) {
      await app.inject({ url: '/api/health' });
      await app.inject({ url: '/api/no-such-route' });
    }
    expect(requestLines(info.lines)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/no-such-route' }),
        res: { statusCode: 404 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(
      requestLines(debug.lines).map((r) => [r.level, (r.res as { statusCode: number }).statusCode]),
    ).toEqual([
      [20, 200],
      [30, 404],
    ]);
  });

  it('reads as one line on a terminal: time, method, URL, status, duration', async () => {
    await debug.app.inject({ url: '/api/health?probe=1' });
    const [record] = debug.lines.filter((line) => line.includes('"req"'));
    expect(formatLogLine(record!)).toMatch(
      /^\d\d:\d\d:\d\d GET \/api\/health\?probe=1 200 \d+ ms$/,
    );
  });
});

describe('the readable log line', () => {
  const time = Date.UTC(2026, 10, 28, 9, 5, 7);
  const clock = new Date(time).toTimeString().slice(0, 8);

  it('shows info messages plainly, other levels named, fields after, stacks indented', () => {
    expect(
      formatLogLine(
        JSON.stringify({
          level: 30,
          time,
          pid: 1,
          hostname: 'h',
          msg: 'Promptloom is running at http://127.0.0.1:3000',
        }),
      ),
    ).toBe(`${clock} Promptloom is running at http://127.0.0.1:3000`);
    expect(
      formatLogLine(JSON.stringify({ level: 40, time, msg: 'slow', ms: 120, what: 'import' })),
    ).toBe(`${clock} warn slow ms=120 what=import`);
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' };
    expect(
      formatLogLine(JSON.stringify({ level: 50, time, reqId: 'req-1', err, msg: 'boom' })),
    ).toBe(`${clock} error boom\n    Error: boom\n        at f (a.ts:1:1)`);
  });

  it('keeps a line that is not a record as it is, and colours only when asked', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text');
    const record = JSON.stringify({
      level: 30,
      time,
      req: { method: 'GET', url: '/' },
      res: { statusCode: 500 },
      responseTime: 3.4,
    });
    expect(formatLogLine(record)).toBe(`${clock} GET / 500 3 ms`);
    expect(formatLogLine(record, true)).toContain('\u001b[');
  });
});
