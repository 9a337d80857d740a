import { createServer, type Server, type Socket } from 'node:net';
import { DB_STATEMENT_TIMEOUT_MS } from '../../src/limits';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { openTestDatabase } from '../helpers';

/**
 * PostgreSQL only (the server-pg project): the pool's bounds (decision 039). A statement that
 * runs too long is cancelled by the server, and a database that accepts the connection but
 * never answers fails the request instead of hanging it.
 */
describe('the PostgreSQL pool has bounds', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened.database.close();
    await opened.drop();
  });

  it('sets the statement timeout on every connection it opens', async () => {
    const { rows } = await opened.database.db.execute<{ ms: string }>(
      sql`select setting as ms from pg_settings where name = 'statement_timeout'`,
    );
    expect(Number(rows[0]?.ms)).toBe(DB_STATEMENT_TIMEOUT_MS);
  });

  it('fails a connection to a database that never answers, rather than waiting forever', async () => {
    const sockets: Socket[] = [];
    // Accepts the TCP connection and says nothing: a hung server, not a refused port.
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`,
    });
    try {
      const failed = await database.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error as Error,
      );
      // Drizzle wraps the pool's error; the pool's own says the connection timed out.
      expect((failed?.cause as Error | undefined)?.message).toMatch(/timeout/i);
    } finally {
      await database.close();
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
