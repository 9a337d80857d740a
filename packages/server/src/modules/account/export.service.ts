import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
} from '@promptloom/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accessTokens,
  blocks,
  compositionBlocks,
  compositions,
  likes,
  sharedItems,
  sharedItemVersions,
  subscriptions,
  unlistedAccess,
  userSettings,
  users,
} from '../../db/schema';
import { notFound } from '../../http-error';
import { blockRowFields } from '../blocks/service';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/**
 * GET /api/account/export (decision 060): every row the server holds about the user, read
 * straight from the tables in one transaction (a consistent snapshot, not the paged lists).
 * Secrets never leave: no token hash, refresh token or private-link token.
 */
export async function exportAccount(db: DbOrTx, userId: string, now: Date): Promise<AccountExport> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    const blockRows = await tx
      .select()
      .from(blocks)
      .where(eq(blocks.userId, userId))
      .orderBy(asc(blocks.createdAt), asc(blocks.id));
    const subscriptionRows = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    const subscriptionOf = new Map(subscriptionRows.map((row) => [row.localBlockId, row]));
    const compositionRows = await tx
      .select()
      .from(compositions)
      .where(eq(compositions.userId, userId))
      .orderBy(asc(compositions.createdAt), asc(compositions.id));
    const items = compositionRows.length
      ? await tx
          .select()
          .from(compositionBlocks)
          .where(
            inArray(
              compositionBlocks.compositionId,
              compositionRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(compositionBlocks.compositionId), asc(compositionBlocks.order))
      : [];
    const [settings] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId));
    const itemRows = await tx
      .select()
      .from(sharedItems)
      .where(eq(sharedItems.authorId, userId))
      .orderBy(asc(sharedItems.createdAt), asc(sharedItems.id));
    const versionRows = itemRows.length
      ? await tx
          .select()
          .from(sharedItemVersions)
          .where(
            inArray(
              sharedItemVersions.sharedItemId,
              itemRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(sharedItemVersions.version))
      : [];
    const likeRows = await tx.select().from(likes).where(eq(likes.userId, userId));
    const tokenRows = await tx
      .select({
        name: accessTokens.name,
        createdAt: accessTokens.createdAt,
        lastUsedAt: accessTokens.lastUsedAt,
        expiresAt: accessTokens.expiresAt,
      })
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
      .orderBy(asc(accessTokens.createdAt));
    const openedRows = await tx
      .select()
      .from(unlistedAccess)
      .where(eq(unlistedAccess.userId, userId));

    return {
      format: ACCOUNT_EXPORT_FORMAT,
      version: ACCOUNT_EXPORT_VERSION,
      exportedAt: iso(now),
      account: {
        name: user.name,
        email: user.email,
        avatarUrl: user.avatarUrl,
        provider: user.provider,
        createdAt: iso(user.createdAt),
      },
      blocks: blockRows.map((row) => {
        const subscription = subscriptionOf.get(row.id);
        return {
          ...blockRowFields(row),
          subscription: subscription
            ? {
                sharedItemId: subscription.sharedItemId,
                subscribedVersion: subscription.subscribedVersion,
                detached: subscription.detachedReason,
                baseContent: subscription.baseContent,
              }
            : null,
        };
      }),
      compositions: compositionRows.map((row) => ({
        id: row.id,
        name: row.name,
        blockIds: items.filter((item) => item.compositionId === row.id).map((item) => item.blockId),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      })),
      settings: {
        globalIgnorePatterns: settings?.globalIgnorePatterns ?? [],
        defaultCompositionId: settings?.defaultCompositionId ?? null,
      },
      sharedItems: itemRows.map((row) => ({
        id: row.id,
        sourceBlockId: row.sourceBlockId,
        name: row.name,
        description: row.description,
        tags: row.tags,
        visibility: row.visibility,
        expiresAt: isoOrNull(row.expiresAt),
        currentVersion: row.currentVersion,
        likeCount: row.likeCount,
        downloadCount: row.downloadCount,
        createdAt: iso(row.createdAt),
        versions: versionRows
          .filter((version) => version.sharedItemId === row.id)
          .map((version) => ({
            version: version.version,
            name: version.name,
            content: version.content,
            versionNotes: version.versionNotes,
            createdAt: iso(version.createdAt),
          })),
      })),
      likes: likeRows.map((row) => ({
        sharedItemId: row.sharedItemId,
        likedAt: iso(row.createdAt),
      })),
      accessTokens: tokenRows.map((row) => ({
        name: row.name,
        createdAt: iso(row.createdAt),
        lastUsedAt: isoOrNull(row.lastUsedAt),
        expiresAt: isoOrNull(row.expiresAt),
      })),
      privateLinksOpened: openedRows.map((row) => ({
        sharedItemId: row.sharedItemId,
        openedAt: iso(row.createdAt),
      })),
    };
  });
}
