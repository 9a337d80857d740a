import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS } from '../limits';
import pg from 'pg';
import * as schema from './schema';

/**
 * The one database type services take. PGlite and node-postgres expose the same
 * query builder; typing both as node-postgres keeps services driver-agnostic.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A service function accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The embedded engine, when PGlite (tests dump a migrated template from it). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite in `dataDir` (or in memory when null). */
  databaseUrl?: string;
  dataDir?: string | null;
  /** A PGlite data-dir dump to start from (tests share one migrated template). */
  loadDataDir?: Blob | File;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that does not answer fails requests in bounded time instead of hanging them.
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      statement_timeout: DB_STATEMENT_TIMEOUT_MS,
    });
    // An idle client dropped by the server (restart, DROP DATABASE … FORCE) must not crash the process.
    pool.on('error', (error) => console.warn('PostgreSQL idle client error:', error.message));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return { db, driver: 'pg', close: () => pool.end() };
  }
  const client = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  // Always close PGlite: the process never exits otherwise, and an unclosed data dir is unsafe.
  return { db, driver: 'pglite', pglite: client, close: () => client.close() };
}
