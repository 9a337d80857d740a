import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_PACKAGE_DIR } from '../package-dir';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(SERVER_PACKAGE_DIR, 'drizzle');

/** Any constant (the seed takes 7_340_001): serialises migrations of instances starting together. */
const MIGRATION_LOCK_KEY = 7_340_000;

/**
 * Applies the checked-in migrations; the same SQL runs on PGlite and PostgreSQL. On
 * PostgreSQL it holds a session advisory lock meanwhile, so instances starting at once on an
 * empty database take turns (the second finds everything applied) instead of racing on
 * `CREATE SCHEMA drizzle` and its migrations table.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.driver !== 'pg') {
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session would release it too; unlock so the pooled client is clean.
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockHolder.release();
  }
}
