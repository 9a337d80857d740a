import { createId } from '@paralleldrive/cuid2';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig, testDriver } from './helpers';

/**
 * Two instances started at the same moment on an empty PostgreSQL database: both come up
 * (migrations under an advisory lock, the seed under its own), and the schema is applied once.
 */
describe.skipIf(testDriver() !== 'pg')('instances starting together on PostgreSQL', () => {
  it('both start on a fresh database and apply each migration once', async () => {
    const base = new URL(inject('pgTemplateUrl')!);
    const name = `promptloom_race_${createId()}`;
    const adminUrl = new URL(base);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      // Each buildApp opens its own pool, runs the migrations and the seed: two instances.
      const config = testConfig({ databaseUrl: url.toString() });
      const apps = await Promise.all([
        buildApp(config, { logger: false }),
        buildApp(config, { logger: false }),
      ]);
      for (const app of apps) {
        expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
        await app.close();
      }
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('select hash from drizzle.__drizzle_migrations');
      const hashes = applied.rows.map((row: { hash: string }) => row.hash);
      expect(new Set(hashes).size).toBe(hashes.length);
      expect(hashes.length).toBeGreaterThanOrEqual(3);
      await check.end();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
