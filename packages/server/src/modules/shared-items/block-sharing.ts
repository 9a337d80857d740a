import type { BlockSharedVersion, BlockSubscription } from '@promptloom/core';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, sharedItems, sharedItemVersions, subscriptions } from '../../db/schema';

export interface BlockSharing {
  subscription: BlockSubscription | null;
  sharedVersion: BlockSharedVersion | null;
}

/**
 * What the block DTO says about sharing, for the given blocks of `userId`
 * (all of them when `blockIds` is omitted):
 * - a subscribed block: `subscription` plus `sharedVersion` = the item's latest version and
 *   author, so `subscribedVersion < sharedVersion.version` means an update is available;
 *   a detached one (`subscription.detached`) has no `sharedVersion`;
 * - the author's source block: `sharedVersion` only, `edited` when the block differs from what
 *   is published (what "Publish update" would publish: name, content, type, colour, category).
 * Blocks absent from the map are not shared (the blocks module's NO_LINKS).
 */
export async function loadBlockSharing(
  db: DbOrTx,
  userId: string,
  blockIds?: readonly string[],
): Promise<Map<string, BlockSharing>> {
  const result = new Map<string, BlockSharing>();
  if (blockIds && blockIds.length === 0) return result;
  const subscribed = await db
    .select({
      id: subscriptions.id,
      localBlockId: subscriptions.localBlockId,
      sharedItemId: subscriptions.sharedItemId,
      subscribedVersion: subscriptions.subscribedVersion,
      detached: subscriptions.detachedReason,
      version: sharedItems.currentVersion,
      authorId: sharedItems.authorId,
    })
    .from(subscriptions)
    .leftJoin(sharedItems, eq(sharedItems.id, subscriptions.sharedItemId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        blockIds ? inArray(subscriptions.localBlockId, [...blockIds]) : undefined,
      ),
    );
  for (const row of subscribed) {
    // A detached copy (revoked link, deleted item) learns nothing more of the item.
    const following = row.detached === null && row.version !== null && row.authorId !== null;
    result.set(row.localBlockId, {
      subscription: {
        id: row.id,
        sharedItemId: row.sharedItemId,
        subscribedVersion: row.subscribedVersion,
        detached: row.detached,
      },
      sharedVersion: following
        ? { id: row.sharedItemId!, version: row.version!, authorId: row.authorId!, edited: false }
        : null,
    });
  }
  const authored = await db
    .select({
      id: sharedItems.id,
      sourceBlockId: sharedItems.sourceBlockId,
      version: sharedItems.currentVersion,
      authorId: sharedItems.authorId,
      // What publishing copies differs from what is published: the name and content of the
      // latest version, the type, colour and category the item carries.
      edited: sql<boolean>`(${blocks.name} <> ${sharedItemVersions.name} or ${blocks.content} <> ${sharedItemVersions.content} or ${blocks.type} is distinct from ${sharedItems.blockType} or ${blocks.color} is distinct from ${sharedItems.blockColor} or ${blocks.category} is distinct from ${sharedItems.blockCategory})`,
    })
    .from(sharedItems)
    .innerJoin(blocks, eq(blocks.id, sharedItems.sourceBlockId))
    .innerJoin(
      sharedItemVersions,
      and(
        eq(sharedItemVersions.sharedItemId, sharedItems.id),
        eq(sharedItemVersions.version, sharedItems.currentVersion),
      ),
    )
    .where(
      and(
        eq(sharedItems.authorId, userId),
        isNotNull(sharedItems.sourceBlockId),
        blockIds ? inArray(sharedItems.sourceBlockId, [...blockIds]) : undefined,
      ),
    );
  for (const row of authored) {
    if (!row.sourceBlockId || result.has(row.sourceBlockId)) continue;
    result.set(row.sourceBlockId, {
      subscription: null,
      sharedVersion: {
        id: row.id,
        version: row.version,
        authorId: row.authorId,
        // PGlite and pg answer booleans; a driver answering 't'/'f' must not read as true.
        edited: row.edited === true,
      },
    });
  }
  return result;
}
