import { randomBytes } from 'node:crypto';
import {
  hasHiddenCharacter,
  type SharedItem,
  type ShareResult,
  type SubscriptionDetachedReason,
  type Visibility,
} from '@promptloom/core';
import { SHARE_TOKEN_BYTES } from '../../limits';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { shareFormSchema, shareOptionsSchema } from '@promptloom/core';
import type { Db, DbOrTx } from '../../db/client';
import { blocks, sharedItems, subscriptions, unlistedAccess } from '../../db/schema';
import { HttpError } from '../../http-error';
import { withinQuotas } from '../quotas/service';
import { loadItem, lockOwnItem } from './queries';
import { insertSharedItem, insertVersion } from './versions';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A private-link token: 192 random bits, URL-safe. */
export const newShareToken = () => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

const expiryFrom = (now: Date, days: number | undefined): Date | null =>
  days ? new Date(now.getTime() + days * DAY_MS) : null;

type ShareFormData = z.output<typeof shareFormSchema>;
type ShareOptionsData = z.output<typeof shareOptionsSchema>;

/**
 * POST /api/blocks/{id}/share: version 1 snapshots the block's name and content.
 * Refused for system blocks, subscribed blocks and blocks already shared.
 */
export async function shareBlock(
  db: Db,
  userId: string,
  blockId: string,
  form: ShareFormData,
  now: Date,
): Promise<ShareResult> {
  return withinQuotas(db, userId, async (tx) => {
    // The row lock serialises two concurrent shares of the same block.
    const [block] = await tx
      .select()
      .from(blocks)
      .where(and(eq(blocks.id, blockId), eq(blocks.userId, userId)))
      .for('update');
    if (!block) throw new HttpError(404, 'NOT_FOUND');
    if (block.isSystemBlock || block.systemBehavior !== 'NONE') {
      throw new HttpError(400, 'SHARE_SYSTEM_BLOCK');
    }
    const [subscription] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.localBlockId, blockId));
    if (subscription) throw new HttpError(400, 'SHARE_SUBSCRIBED_BLOCK');
    const [existing] = await tx
      .select({ id: sharedItems.id })
      .from(sharedItems)
      .where(eq(sharedItems.sourceBlockId, blockId));
    if (existing) throw new HttpError(409, 'SHARE_ALREADY_SHARED');
    refuseHiddenName(block);

    const visibility: Visibility = form.isPublic ? 'PUBLIC' : 'UNLISTED';
    const item = await insertSharedItem(
      tx,
      {
        authorId: userId,
        sourceBlockId: block.id,
        name: block.name,
        blockType: block.type,
        blockColor: block.color,
        blockCategory: block.category,
        description: form.description?.trim() || null,
        tags: form.tags ?? [],
        visibility,
        shareToken: visibility === 'UNLISTED' ? newShareToken() : null,
        expiresAt: visibility === 'UNLISTED' ? expiryFrom(now, form.expiresInDays) : null,
      },
      { name: block.name, content: block.content },
      now,
    );
    return {
      id: item.id,
      visibility: item.visibility,
      shareToken: item.shareToken,
      expiresAt: item.expiresAt?.toISOString() ?? null,
    };
  });
}

/**
 * PATCH /api/shared-items/{id}/options (author only). Field edits apply first, then the
 * visibility change, then a token action. A public item holds no token and no expiry.
 */
export async function updateShareOptions(
  db: Db,
  userId: string,
  id: string,
  options: ShareOptionsData,
  now: Date,
): Promise<SharedItem> {
  return withinQuotas(db, userId, async (tx) => {
    const item = await lockOwnItem(tx, userId, id);
    const patch: Partial<typeof sharedItems.$inferInsert> = { updatedAt: now };
    if (options.description !== undefined) patch.description = options.description?.trim() || null;
    if (options.tags !== undefined) patch.tags = options.tags;

    let visibility = options.visibility ?? item.visibility;
    if (options.action === 'TOGGLE_VISIBILITY') {
      visibility = item.visibility === 'PUBLIC' ? 'UNLISTED' : 'PUBLIC';
    }
    let token = item.shareToken;
    let expiresAt = item.expiresAt;
    if (visibility === 'PUBLIC') {
      token = null;
      expiresAt = null;
    } else {
      if (item.visibility === 'PUBLIC') token = newShareToken();
      if (options.expiresInDays !== undefined) expiresAt = expiryFrom(now, options.expiresInDays);
    }
    if (options.action === 'REGENERATE_TOKEN' || options.action === 'REVOKE_TOKEN') {
      if (visibility !== 'UNLISTED') throw new HttpError(400, 'SHARE_NOT_PRIVATE_LINK');
      token = options.action === 'REGENERATE_TOKEN' ? newShareToken() : null;
      // A fresh link for a lapsed share would be dead on arrival: regenerating restarts it.
      if (options.action === 'REGENERATE_TOKEN' && expiresAt && expiresAt <= now) {
        expiresAt = null;
      }
    }
    Object.assign(patch, { visibility, shareToken: token, expiresAt });
    await tx.update(sharedItems).set(patch).where(eq(sharedItems.id, item.id));
    // Access came through the old link: it ends with it (decision 042).
    if (item.shareToken !== null && token !== item.shareToken) {
      await tx.delete(unlistedAccess).where(eq(unlistedAccess.sharedItemId, item.id));
    }
    // Public to private link: whoever subscribed while it was public did not come through
    // the link, so they are detached as a revoke detaches (decision 093).
    const madePrivate = item.visibility === 'PUBLIC' && visibility === 'UNLISTED';
    if (madePrivate || options.action === 'REGENERATE_TOKEN' || options.action === 'REVOKE_TOKEN') {
      await detachSubscriptions(tx, item.id, 'REVOKED', now);
    }
    return loadItem(tx, userId, item.id);
  });
}

/** PUT /api/shared-items/{id} (author only): snapshots the source block as version N+1. */
export async function publishUpdate(
  db: Db,
  userId: string,
  id: string,
  versionNotes: string,
  now: Date,
): Promise<SharedItem> {
  return withinQuotas(db, userId, async (tx) => {
    const item = await lockOwnItem(tx, userId, id);
    const [block] = item.sourceBlockId
      ? await tx
          .select()
          .from(blocks)
          .where(and(eq(blocks.id, item.sourceBlockId), eq(blocks.userId, userId)))
      : [];
    if (!block) throw new HttpError(409, 'SHARE_SOURCE_DELETED');
    refuseHiddenName(block);
    await insertVersion(
      tx,
      item.id,
      item.currentVersion + 1,
      { name: block.name, content: block.content, versionNotes },
      {
        name: block.name,
        blockType: block.type,
        blockColor: block.color,
        blockCategory: block.category,
      },
      now,
    );
    return loadItem(tx, userId, item.id);
  });
}

/**
 * A block named before names refused hidden characters (decision 054) keeps its name, but
 * that name is not published: in the library it could read as something else.
 */
function refuseHiddenName(block: { name: string; category: string | null }): void {
  if (hasHiddenCharacter(block.name) || (block.category && hasHiddenCharacter(block.category))) {
    throw new HttpError(400, 'NAME_HIDDEN_CHARACTER');
  }
}

/**
 * Ends the subscriptions of an item: each subscriber keeps their block, which no longer
 * follows the item and says why (revoked link, deleted item).
 */
export async function detachSubscriptions(
  tx: DbOrTx,
  sharedItemId: string,
  reason: SubscriptionDetachedReason,
  now: Date,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ detachedAt: now, detachedReason: reason })
    .where(and(eq(subscriptions.sharedItemId, sharedItemId), isNull(subscriptions.detachedAt)));
}

/**
 * DELETE /api/shared-items/{id} (author only): the item, its versions, likes and link
 * access go; subscribers keep their copies, detached ('DELETED'), and clones are untouched.
 */
export async function deleteSharedItem(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, userId, id);
    await detachSubscriptions(tx, item.id, 'DELETED', now);
    await tx.delete(sharedItems).where(eq(sharedItems.id, item.id));
  });
}
