import { quotaExceeded, type QuotaUsage } from '@promptloom/core';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';

const figure = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/**
 * What the user holds now. Plain SQL with table aliases (the subqueries sit under a select
 * from users); the generated `stored_chars` columns keep the text sum cheap.
 */
export async function readUsage(db: DbOrTx, userId: string): Promise<QuotaUsage> {
  const [row] = await db
    .select({
      blocks: figure(sql`select count(*) from blocks b where b.user_id = ${userId}`),
      compositions: figure(sql`select count(*) from compositions c where c.user_id = ${userId}`),
      sharedItems: figure(sql`select count(*) from shared_items s where s.author_id = ${userId}`),
      blockChars: figure(
        sql`select coalesce(sum(b.stored_chars), 0) from blocks b where b.user_id = ${userId}`,
      ),
      compositionChars: figure(
        sql`select coalesce(sum(char_length(c.name)), 0) from compositions c where c.user_id = ${userId}`,
      ),
      sharedItemChars: figure(
        sql`select coalesce(sum(coalesce(char_length(s.description), 0) + char_length(array_to_string(s.tags, ''))), 0) from shared_items s where s.author_id = ${userId}`,
      ),
      versionChars: figure(
        sql`select coalesce(sum(v.stored_chars), 0) from shared_item_versions v join shared_items s on s.id = v.shared_item_id where s.author_id = ${userId}`,
      ),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { blocks: 0, compositions: 0, sharedItems: 0, storedChars: 0 };
  return {
    blocks: row.blocks,
    compositions: row.compositions,
    sharedItems: row.sharedItems,
    storedChars: row.blockChars + row.compositionChars + row.sharedItemChars + row.versionChars,
  };
}

/**
 * Runs `write` in a transaction of its own under the user's quotas (decision 026). The user's
 * row is locked first, in its own statement, so the quota-bound writes of one user take turns
 * and each reads the usage its predecessor committed; the usage after the write is then
 * compared with the usage before it, and a write that passes a limit throws 409/413, which
 * rolls the whole transaction back: nothing of a refused write is kept.
 */
export async function withinQuotas<T>(
  db: DbOrTx,
  userId: string,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const before = await readUsage(tx, userId);
    const result = await write(tx);
    const exceeded = quotaExceeded(before, await readUsage(tx, userId));
    if (exceeded) throw new HttpError(exceeded.status, exceeded.code);
    return result;
  });
}
