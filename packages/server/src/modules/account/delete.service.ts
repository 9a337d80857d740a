import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likes, refreshTokens, sharedItems, users } from '../../db/schema';
import { notFound } from '../../http-error';
import { detachSubscriptions } from '../shared-items/share.service';

/**
 * DELETE /api/account (decision 060), in one transaction: the subscriptions to the user's
 * shared items are detached ('DELETED', as when an author deletes an item: subscribers keep
 * their copies), the like counts of other people's items forget the user's likes, then the
 * user row goes and every row of theirs with it (foreign keys cascade: blocks, compositions,
 * settings, shared items with their versions, likes and link grants, subscriptions, access
 * tokens, refresh tokens). With the refresh tokens gone, every session of the user ends:
 * the guard refuses an access token whose sign-in has no live refresh token (decision 039).
 */
export async function deleteAccount(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The sessions' rows first: a refresh holds its token's row, then needs the user row for
    // its successor; taken in that same order here, the two queue instead of deadlocking.
    await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))
      .for('update');
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound();
    // Locked like a deletion of each item (decision 042): an import or like racing this waits.
    const own = await tx
      .select({ id: sharedItems.id })
      .from(sharedItems)
      .where(eq(sharedItems.authorId, userId))
      .for('update');
    for (const item of own) await detachSubscriptions(tx, item.id, 'DELETED', now);
    const liked = tx.select({ id: likes.sharedItemId }).from(likes).where(eq(likes.userId, userId));
    await tx
      .update(sharedItems)
      .set({ likeCount: sql`greatest(${sharedItems.likeCount} - 1, 0)` })
      .where(and(inArray(sharedItems.id, liked), ne(sharedItems.authorId, userId)));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
