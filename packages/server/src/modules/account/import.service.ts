import { createId } from '@paralleldrive/cuid2';
import {
  accountImportUsage,
  addUsage,
  mergeImportedIgnorePatterns,
  quotaExceeded,
  type AccountExport,
  type AccountImportResult,
  type BlockType,
} from '@promptloom/core';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { blocks, compositionBlocks, compositions, userSettings, users } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { ensureSystemBlocks } from '../blocks/system-blocks';
import { readUsage } from '../quotas/service';
import { reattachSubscriptions } from './import-subscriptions';

/** Rows per insert statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 500;

async function insertChunked<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
}

/** The account's system block of each type: the file's system blocks map onto them. */
async function systemBlocksByType(tx: DbOrTx, userId: string): Promise<Map<BlockType, string>> {
  await ensureSystemBlocks(tx, userId);
  const rows = await tx
    .select({ id: blocks.id, type: blocks.type })
    .from(blocks)
    .where(and(eq(blocks.userId, userId), eq(blocks.isSystemBlock, true)));
  return new Map(rows.map((row) => [row.type, row.id]));
}

/**
 * POST /api/account/import (decision 060): the file's library added to the account in one
 * transaction, under the account's quotas, with new ids. System blocks are not copied: the
 * account's own of the same type stand in for them. Copies that followed a shared item of
 * this instance the user may see follow it again (decision 098), others become plain blocks;
 * shared items, likes, access tokens and opened links belong to the
 * exporting instance and are skipped (counted in the answer). A refused import writes nothing.
 */
export async function importAccount(
  db: Db,
  userId: string,
  file: AccountExport,
  now: Date,
): Promise<AccountImportResult> {
  return db.transaction(async (tx) => {
    // The user's row lock makes quota-bound writes of one user take turns (decision 026).
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user) throw notFound();
    const before = await readUsage(tx, userId);
    if (quotaExceeded(before, addUsage(before, accountImportUsage(file)))) {
      throw badRequest('ACCOUNT_IMPORT_QUOTA');
    }

    const systemIds = await systemBlocksByType(tx, userId);
    const newIds = new Map<string, string>();
    const ownBlocks = file.blocks.filter((block) => {
      const systemId = block.isSystemBlock ? systemIds.get(block.type) : undefined;
      if (systemId) newIds.set(block.id, systemId);
      return !systemId;
    });
    // Ids are made here, so each new block is known by its file id without relying on the
    // order RETURNING gives.
    for (const block of ownBlocks) newIds.set(block.id, createId());
    const inserted = ownBlocks.map((block) => ({
      id: newIds.get(block.id)!,
      userId,
      name: block.name,
      description: block.description,
      content: block.content,
      type: block.type,
      color: block.color,
      category: block.category,
      createdAt: new Date(block.createdAt),
      updatedAt: new Date(block.updatedAt),
    }));
    await insertChunked(inserted, (chunk) => tx.insert(blocks).values(chunk));
    const followingAgain = await reattachSubscriptions(tx, userId, ownBlocks, newIds, now);

    const compositionIds = new Map<string, string>();
    for (const composition of file.compositions) {
      const [row] = await tx
        .insert(compositions)
        .values({
          userId,
          name: composition.name,
          createdAt: new Date(composition.createdAt),
          updatedAt: new Date(composition.updatedAt),
        })
        .returning({ id: compositions.id });
      if (!row) throw new Error('composition insert returned nothing');
      compositionIds.set(composition.id, row.id);
      await tx.insert(compositionBlocks).values(
        composition.blockIds.map((blockId, order) => ({
          compositionId: row.id,
          order,
          blockId: newIds.get(blockId)!,
        })),
      );
    }

    const settings = await importSettings(tx, userId, file, compositionIds, now);
    // The estimate above counts what the file holds; the usage after the writes is the truth.
    if (quotaExceeded(before, await readUsage(tx, userId))) {
      throw badRequest('ACCOUNT_IMPORT_QUOTA');
    }
    return {
      blocks: {
        imported: ownBlocks.length,
        matchedSystem: file.blocks.length - ownBlocks.length,
        subscriptionsDetached:
          ownBlocks.filter((block) => block.subscription).length - followingAgain,
      },
      compositions: { imported: file.compositions.length },
      ignorePatterns: { added: settings.added },
      defaultComposition: settings.defaultComposition,
      skipped: {
        sharedItems: file.sharedItems.length,
        likes: file.likes.length,
        accessTokens: file.accessTokens.length,
        privateLinksOpened: file.privateLinksOpened.length,
      },
    };
  });
}

/**
 * Ignore patterns are merged into the account's; the file's default composition becomes the
 * account's only when the account has none of its own.
 */
async function importSettings(
  tx: DbOrTx,
  userId: string,
  file: AccountExport,
  compositionIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<{ added: number; defaultComposition: AccountImportResult['defaultComposition'] }> {
  const [current] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId));
  const merged = mergeImportedIgnorePatterns(
    current?.globalIgnorePatterns ?? [],
    file.settings.globalIgnorePatterns,
  );
  if (!merged) throw badRequest('ACCOUNT_IMPORT_IGNORE_PATTERNS');
  const imported = file.settings.defaultCompositionId;
  const keep = current?.defaultCompositionId ?? null;
  const defaultCompositionId = keep ?? (imported ? (compositionIds.get(imported) ?? null) : null);
  await tx
    .insert(userSettings)
    .values({ userId, globalIgnorePatterns: merged.lines, defaultCompositionId, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { globalIgnorePatterns: merged.lines, defaultCompositionId, updatedAt: now },
    });
  return {
    added: merged.added,
    defaultComposition: imported === null ? 'NONE' : keep === null ? 'SET' : 'KEPT',
  };
}
