import {
  BLOCK_TYPES,
  refineBlockContent,
  type AcceptUpdateBody,
  type ImportMode,
  type ImportResponse,
  type LikeResponse,
  type SubscriptionUpdate,
} from '@promptloom/core';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import {
  blocks,
  downloads,
  likes,
  sharedItems,
  sharedItemVersions,
  subscriptions,
} from '../../db/schema';
import { badRequest, HttpError } from '../../http-error';
import { withinQuotas } from '../quotas/service';
import { visibleTo } from './queries';

/**
 * The item if the caller may see it, else 404. The row is locked first, in its own
 * statement, so a concurrent revoke or delete (which locks it for update) either waits for
 * this transaction, then detaches what it made, or commits first and is seen by the check.
 * The lock is the one the counter update below needs anyway (`no key update`): a weaker
 * shared lock would deadlock two writers upgrading it at once.
 */
async function visibleItem(tx: DbOrTx, userId: string, id: string, now: Date) {
  await tx
    .select({ id: sharedItems.id })
    .from(sharedItems)
    .where(eq(sharedItems.id, id))
    .for('no key update');
  const [item] = await tx
    .select()
    .from(sharedItems)
    .where(and(eq(sharedItems.id, id), visibleTo(userId, now)));
  if (!item) throw new HttpError(404, 'SHARED_ITEM_NOT_FOUND');
  return item;
}

/**
 * POST/DELETE /api/shared-items/{id}/like: idempotent. The counter moves only when the like
 * row really appeared or disappeared, in the same transaction, so it stays exact under
 * concurrent requests (the primary key arbitrates, the UPDATE is atomic).
 */
export async function setLike(
  db: Db,
  userId: string,
  id: string,
  liked: boolean,
  now: Date,
): Promise<LikeResponse> {
  return db.transaction(async (tx) => {
    await visibleItem(tx, userId, id, now);
    const changed = liked
      ? await tx
          .insert(likes)
          .values({ userId, sharedItemId: id, createdAt: now })
          .onConflictDoNothing()
          .returning({ userId: likes.userId })
      : await tx
          .delete(likes)
          .where(and(eq(likes.userId, userId), eq(likes.sharedItemId, id)))
          .returning({ userId: likes.userId });
    const delta = changed.length ? (liked ? 1 : -1) : 0;
    const [row] = await tx
      .update(sharedItems)
      .set({ likeCount: sql`greatest(${sharedItems.likeCount} + ${delta}, 0)` })
      .where(eq(sharedItems.id, id))
      .returning({ likeCount: sharedItems.likeCount });
    return { likeCount: row?.likeCount ?? 0, isLikedByCurrentUser: liked };
  });
}

async function versionOf(tx: DbOrTx, sharedItemId: string, version: number) {
  const [row] = await tx
    .select()
    .from(sharedItemVersions)
    .where(
      and(
        eq(sharedItemVersions.sharedItemId, sharedItemId),
        eq(sharedItemVersions.version, version),
      ),
    );
  return row;
}

async function currentVersionOf(tx: DbOrTx, sharedItemId: string, version: number) {
  const row = await versionOf(tx, sharedItemId, version);
  if (!row) throw new Error(`shared item ${sharedItemId} has no version ${version}`);
  return row;
}

/** The merged text must be a valid content for the block's type (blank only for a task). */
const mergedContentSchema = z
  .object({ type: z.enum(BLOCK_TYPES), content: z.string() })
  .superRefine(refineBlockContent);

/**
 * POST /api/shared-items/{id}/import: a new block for the importer from the current version.
 * CLONE is an independent copy; SUBSCRIBE links it so later versions can be accepted.
 */
export async function importItem(
  db: Db,
  userId: string,
  id: string,
  importMode: ImportMode,
  now: Date,
): Promise<ImportResponse> {
  return withinQuotas(db, userId, async (tx) => {
    const item = await visibleItem(tx, userId, id, now);
    if (item.authorId === userId) throw new HttpError(400, 'IMPORT_OWN_ITEM');
    const version = await currentVersionOf(tx, item.id, item.currentVersion);
    const [block] = await tx
      .insert(blocks)
      .values({
        userId,
        name: version.name,
        description: item.description,
        content: version.content,
        type: item.blockType,
        color: item.blockColor,
        category: item.blockCategory,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: blocks.id });
    if (!block) throw new Error('block insert returned nothing');
    let subscriptionId: string | null = null;
    if (importMode === 'SUBSCRIBE') {
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          userId,
          sharedItemId: item.id,
          localBlockId: block.id,
          subscribedVersion: item.currentVersion,
          baseContent: version.content,
          createdAt: now,
        })
        .returning({ id: subscriptions.id });
      subscriptionId = subscription?.id ?? null;
    }
    // A download counts once per user and item (decision 093): importing again, as a
    // clone or a subscription, makes another block but not another download.
    const first = await tx
      .insert(downloads)
      .values({ userId, sharedItemId: item.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: downloads.userId });
    if (first.length > 0) {
      await tx
        .update(sharedItems)
        .set({ downloadCount: sql`${sharedItems.downloadCount} + 1` })
        .where(eq(sharedItems.id, item.id));
    }
    return { blockId: block.id, importMode, subscriptionId };
  });
}

/** The caller's subscription to the item, locked, else 404; a detached one answers 409. */
async function lockSubscription(
  tx: DbOrTx,
  userId: string,
  sharedItemId: string,
  subscriptionId: string,
) {
  const [row] = await tx
    .select({ subscription: subscriptions, item: sharedItems, block: blocks })
    .from(subscriptions)
    .innerJoin(sharedItems, eq(sharedItems.id, subscriptions.sharedItemId))
    .innerJoin(blocks, eq(blocks.id, subscriptions.localBlockId))
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.userId, userId),
        eq(subscriptions.sharedItemId, sharedItemId),
      ),
    )
    .for('update', { of: subscriptions });
  if (!row) throw new HttpError(404, 'SUBSCRIPTION_NOT_FOUND');
  // Revoked link or deleted item (decision 042): the copy is the user's, frozen.
  if (row.subscription.detachedAt) throw new HttpError(409, 'SUBSCRIPTION_DETACHED');
  return row;
}

/** The content last accepted; copies made before it was kept read it from the version. */
async function baseContentOf(
  tx: DbOrTx,
  subscription: typeof subscriptions.$inferSelect,
  itemId: string,
) {
  if (subscription.baseContent !== null) return subscription.baseContent;
  return (await currentVersionOf(tx, itemId, subscription.subscribedVersion)).content;
}

/**
 * GET /api/shared-items/{sharedItemId}/update-subscription/{subscriptionId}: the base and the
 * latest version of a subscription, for the client's three-way merge with the block.
 */
export async function subscriptionUpdate(
  db: Db,
  userId: string,
  sharedItemId: string,
  subscriptionId: string,
): Promise<SubscriptionUpdate> {
  return db.transaction(async (tx) => {
    const { subscription, item } = await lockSubscription(tx, userId, sharedItemId, subscriptionId);
    const version = await currentVersionOf(tx, item.id, item.currentVersion);
    return {
      baseVersion: subscription.subscribedVersion,
      baseContent: await baseContentOf(tx, subscription, item.id),
      version: version.version,
      name: version.name,
      content: version.content,
      versionNotes: version.versionNotes,
    };
  });
}

/**
 * POST /api/shared-items/{sharedItemId}/update-subscription/{subscriptionId}: writes the text
 * the subscriber merged (decision 098) into their block and makes the accepted version the
 * new base, in one transaction. The merge must have been made from the subscription's
 * current base and the item's latest version, else 409 `SUBSCRIPTION_UPDATE_STALE`. The
 * name follows the item unless the subscriber renamed the block.
 */
export async function acceptUpdate(
  db: Db,
  userId: string,
  sharedItemId: string,
  subscriptionId: string,
  body: AcceptUpdateBody,
  now: Date,
): Promise<{ blockId: string; subscribedVersion: number }> {
  return withinQuotas(db, userId, async (tx) => {
    const { subscription, item, block } = await lockSubscription(
      tx,
      userId,
      sharedItemId,
      subscriptionId,
    );
    if (
      body.baseVersion !== subscription.subscribedVersion ||
      body.version !== item.currentVersion
    ) {
      throw new HttpError(409, 'SUBSCRIPTION_UPDATE_STALE');
    }
    if (!mergedContentSchema.safeParse({ type: item.blockType, content: body.content }).success) {
      throw badRequest('BLOCK_CONTENT_EMPTY');
    }
    const version = await currentVersionOf(tx, item.id, item.currentVersion);
    const baseName = (await versionOf(tx, item.id, subscription.subscribedVersion))?.name;
    await tx
      .update(blocks)
      .set({
        name: block.name === baseName ? version.name : block.name,
        content: body.content,
        type: item.blockType,
        updatedAt: now,
      })
      .where(and(eq(blocks.id, subscription.localBlockId), eq(blocks.userId, userId)));
    await tx
      .update(subscriptions)
      .set({ subscribedVersion: version.version, baseContent: version.content })
      .where(eq(subscriptions.id, subscription.id));
    return { blockId: subscription.localBlockId, subscribedVersion: version.version };
  });
}
