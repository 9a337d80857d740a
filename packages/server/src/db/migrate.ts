import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** Applies the checked-in migrations; the same SQL runs on PGlite and PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}
