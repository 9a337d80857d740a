import type { SharedItem, SharedItemSummary } from '@promptloom/core';
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  likes,
  sharedItems,
  sharedItemVersions,
  subscriptions,
  unlistedAccess,
  users,
} from '../../db/schema';
import { HttpError } from '../../http-error';
import { SYSTEM_AUTHOR } from './system-author';

type SharedItemRow = typeof sharedItems.$inferSelect;

/** The expression of `shared_items_search_idx`, repeated verbatim so the planner uses the index. */
export const searchVector = sql`(to_tsvector('simple', ${sharedItems.name} || ' ' || coalesce(${sharedItems.description}, '')) || array_to_tsvector(${sharedItems.tags}))`;

/** Not past its expiry (items without one never expire). */
export const notExpired = (now: Date): SQL =>
  or(isNull(sharedItems.expiresAt), gt(sharedItems.expiresAt, now))!;

/** What the library lists: public and unexpired. */
export const listedInLibrary = (now: Date): SQL =>
  and(eq(sharedItems.visibility, 'PUBLIC'), notExpired(now))!;

/**
 * Who may see an item: its author; anyone when PUBLIC; for UNLISTED, users who resolved the
 * current link while it is unexpired, and attached subscribers (so they keep receiving
 * updates). Revoking or regenerating the link drops both (decision 042).
 */
export function visibleTo(userId: string, now: Date): SQL {
  const accessRecorded = sql`exists(select 1 from ${unlistedAccess} where ${unlistedAccess.sharedItemId} = ${sharedItems.id} and ${unlistedAccess.userId} = ${userId})`;
  const subscribed = sql`exists(select 1 from ${subscriptions} where ${subscriptions.sharedItemId} = ${sharedItems.id} and ${subscriptions.userId} = ${userId} and ${subscriptions.detachedAt} is null)`;
  return or(
    eq(sharedItems.authorId, userId),
    listedInLibrary(now),
    and(eq(sharedItems.visibility, 'UNLISTED'), notExpired(now), accessRecorded),
    subscribed,
  )!;
}

/** The columns every summary needs: the item, its author and the caller's like. */
export function summarySelection(userId: string) {
  return {
    item: sharedItems,
    authorName: users.name,
    authorAvatarUrl: users.avatarUrl,
    authorProvider: users.provider,
    isLiked: sql<boolean>`exists(select 1 from ${likes} where ${likes.sharedItemId} = ${sharedItems.id} and ${likes.userId} = ${userId})`,
  };
}

interface SummaryRow {
  item: SharedItemRow;
  authorName: string;
  authorAvatarUrl: string | null;
  authorProvider: string;
  isLiked: boolean;
}

export function toSummary(row: SummaryRow, userId: string): SharedItemSummary {
  const { item } = row;
  const isAuthor = item.authorId === userId;
  return {
    id: item.id,
    itemType: 'BLOCK',
    name: item.name,
    description: item.description,
    tags: item.tags,
    visibility: item.visibility,
    author: {
      id: item.authorId,
      name: row.authorName,
      avatarUrl: row.authorAvatarUrl,
      isSystem: row.authorProvider === SYSTEM_AUTHOR.provider,
    },
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    downloadCount: item.downloadCount,
    likeCount: item.likeCount,
    // PGlite and pg both answer booleans, but a driver returning 't'/'f' must not read as true.
    isLikedByCurrentUser: row.isLiked === true,
    currentVersion: item.currentVersion,
    shareToken: isAuthor ? item.shareToken : null,
    expiresAt: item.expiresAt?.toISOString() ?? null,
  };
}

/** Summaries matching `where`, in `orderBy` order. */
export function selectSummaries(db: DbOrTx, userId: string) {
  return db
    .select(summarySelection(userId))
    .from(sharedItems)
    .innerJoin(users, eq(users.id, sharedItems.authorId));
}

/** The full item (current version's content and notes) if `userId` may see it, else 404. */
export async function loadVisibleItem(
  db: DbOrTx,
  userId: string,
  id: string,
  now: Date,
): Promise<SharedItem> {
  const [row] = await selectSummaries(db, userId)
    .where(and(eq(sharedItems.id, id), visibleTo(userId, now)))
    .limit(1);
  if (!row) throw new HttpError(404, 'SHARED_ITEM_NOT_FOUND');
  return withCurrentVersion(db, row, userId);
}

/** Any item by id, regardless of visibility (callers have checked access). */
export async function loadItem(db: DbOrTx, userId: string, id: string): Promise<SharedItem> {
  const [row] = await selectSummaries(db, userId).where(eq(sharedItems.id, id)).limit(1);
  if (!row) throw new HttpError(404, 'SHARED_ITEM_NOT_FOUND');
  return withCurrentVersion(db, row, userId);
}

async function withCurrentVersion(
  db: DbOrTx,
  row: SummaryRow,
  userId: string,
): Promise<SharedItem> {
  const { item } = row;
  const [version] = await db
    .select()
    .from(sharedItemVersions)
    .where(
      and(
        eq(sharedItemVersions.sharedItemId, item.id),
        eq(sharedItemVersions.version, item.currentVersion),
      ),
    );
  if (!version) throw new Error(`shared item ${item.id} has no version ${item.currentVersion}`);
  return {
    ...toSummary(row, userId),
    originalBlock: { name: version.name, content: version.content, type: item.blockType },
    sharedVersion: {
      id: version.id,
      version: version.version,
      versionNotes: version.versionNotes,
      createdAt: version.createdAt.toISOString(),
    },
    sourceBlockId: item.authorId === userId ? item.sourceBlockId : null,
  };
}

/** An item the caller authored, locked for update; anyone else gets 404 (docs/decisions). */
export async function lockOwnItem(tx: DbOrTx, userId: string, id: string): Promise<SharedItemRow> {
  const [item] = await tx
    .select()
    .from(sharedItems)
    .where(and(eq(sharedItems.id, id), eq(sharedItems.authorId, userId)))
    .for('update');
  if (!item) throw new HttpError(404, 'SHARED_ITEM_NOT_FOUND');
  return item;
}
