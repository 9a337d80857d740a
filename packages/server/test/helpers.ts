import { readFile } from 'node:fs/promises';
import { createId } from '@paralleldrive/cuid2';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { signAccessToken } from '../src/modules/auth/access-token';
import { signInProfile, toUserDto } from '../src/modules/auth/users.service';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The driver this run tests: PGlite always; PostgreSQL in the `server-pg` project. */
export const testDriver = (): 'pglite' | 'pg' =>
  process.env.PROMPTLOOM_TEST_DRIVER === 'pg' ? 'pg' : 'pglite';

/** A fresh database with every migration applied, dropped again by `drop`. */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (testDriver() === 'pg') {
    const templateUrl = inject('pgTemplateUrl');
    if (!templateUrl) throw new Error('server-pg tests need TEST_DATABASE_URL');
    const template = new URL(templateUrl);
    const name = `promptloom_t_${createId()}`;
    const admin = new pg.Client({
      connectionString: templateUrl.replace(template.pathname, '/postgres'),
    });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.pathname.slice(1)}`);
    await admin.end();
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const drop = async () => {
      const client = new pg.Client({
        connectionString: templateUrl.replace(template.pathname, '/postgres'),
      });
      await client.connect();
      // pg's pool.end() resolves before its idle connections have closed on the server side;
      // FORCE would terminate them, and each would report an idle client error. Give them a
      // moment to go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query<{ open: number }>(
          'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
    return { database, drop };
  }
  const templateFile = inject('pgliteTemplate');
  if (!templateFile) throw new Error('PGlite tests need the PGlite template (global-setup.ts)');
  const dump = await readFile(templateFile);
  const database = await openDatabase({ dataDir: null, loadDataDir: new Blob([dump]) });
  return { database, drop: async () => {} };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: '/tmp/promptloom-test-unused',
    WEB_DIST_DIR: 'none',
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  // Tests write far faster than people; the fairness tests set the production values again.
  const userWrites = { max: 1_000_000, windowMs: 60_000, spacingMs: 0 };
  const userReads = { max: 1_000_000, windowMs: 60_000 };
  return {
    ...base,
    userWrites,
    userReads,
    ...overrides,
    auth: { ...base.auth, ...overrides.auth },
  };
}

/** A controllable clock: tests move time with `advance`. */
export function testClock(start = new Date('2026-01-15T10:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/**
 * The app on a fresh database, with helpers for signed-in users.
 * Always `await t.close()` (PGlite keeps the process alive otherwise).
 */
export async function buildTestApp(overrides: Partial<AppConfig> = {}) {
  const { database, drop } = await openTestDatabase();
  const clock = testClock();
  const config = testConfig(overrides);
  const app = await buildApp(config, { database, now: clock.now, logger: false });
  await app.ready();

  /** Signs a new user in (first sign-in side effects included) and returns its Bearer header. */
  async function createUser(name = 'Ada Lovelace') {
    const row = await signInProfile(database.db, {
      provider: 'local',
      subject: createId(),
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}.${createId().slice(0, 6)}@example.test`,
      avatarUrl: null,
    });
    const token = await signAccessToken(config.jwtSecret, row.id, clock.now());
    return { user: toUserDto(row), token, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    db: database.db,
    config,
    clock,
    createUser,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The app's OpenAPI document, read once: the response codes it lists for one operation. */
export async function documentedResponses(t: TestApp) {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  }>();
  return (path: string, method: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {});
}

/** Every item of a paged list (decision 038), following `nextCursor` page by page. */
export async function listAll<Item>(
  t: TestApp,
  headers: Record<string, string>,
  url: string,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `${url.includes('?') ? '&' : '?'}cursor=${cursor}` : '';
    const res = await t.app.inject({ method: 'GET', url: `${url}${query}`, headers });
    if (res.statusCode !== 200)
      throw new Error(`GET ${url}${query}: ${res.statusCode} ${res.body}`);
    const page = res.json<{ items: Item[]; nextCursor: string | null }>();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
