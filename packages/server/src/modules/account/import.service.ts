import { createId } from '@paralleldrive/cuid2';
import {
  accountImportUsage,
  addUsage,
  mergeImportedIgnorePatterns,
  quotaExceeded,
  type AccountImportResult,
  type BlockType,
} from '@promptloom/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { blocks, compositionBlocks, compositions, userSettings, users } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { ensureSystemBlocks } from '../blocks/system-blocks';
import { readUsage } from '../quotas/service';
import type { ImportedFile } from './import-file';
import { reattachSubscriptions } from './import-subscriptions';

/** Rows per insert statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 500;
/**
 * Text per insert statement: with PGlite each statement runs on the event loop, so a large
 * library goes in several, with a turn of the loop between them (decision 093).
 */
const CHUNK_CHARS = 1_000_000;

async function insertChunked<Row extends { content?: string }>(
  rows: Row[],
  insert: (chunk: Row[]) => Promise<unknown>,
) {
  let chunk: Row[] = [];
  let chars = 0;
  for (const row of rows) {
    chunk.push(row);
    chars += row.content?.length ?? 0;
    if (chunk.length >= CHUNK || chars >= CHUNK_CHARS) {
      await insert(chunk);
      await new Promise((resolve) => setImmediate(resolve));
      chunk = [];
      chars = 0;
    }
  }
  if (chunk.length > 0) await insert(chunk);
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

/** The account's own blocks by key (name and content), each id once, oldest first. */
async function ownBlocksByKey(
  tx: DbOrTx,
  userId: string,
): Promise<{ byKey: Map<string, string[]>; keyOf: Map<string, string> }> {
  const rows = await tx
    .select({
      id: blocks.id,
      key: sql<string>`md5(${blocks.name}) || ':' || md5(${blocks.content})`,
    })
    .from(blocks)
    .where(and(eq(blocks.userId, userId), eq(blocks.isSystemBlock, false)))
    .orderBy(blocks.createdAt, blocks.id);
  const byKey = new Map<string, string[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.id]);
  return { byKey, keyOf: new Map(rows.map((row) => [row.id, row.key])) };
}

/**
 * The account's compositions as name and blocks in order: a file's same one is there. Blocks
 * are compared by key, not id: two blocks written the same are interchangeable, and which of
 * them a file's block matched depends on creation times that may tie.
 */
async function ownCompositionShapes(
  tx: DbOrTx,
  userId: string,
  keyOf: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      id: compositions.id,
      name: compositions.name,
      blockId: compositionBlocks.blockId,
      order: compositionBlocks.order,
    })
    .from(compositions)
    .innerJoin(compositionBlocks, eq(compositionBlocks.compositionId, compositions.id))
    .where(eq(compositions.userId, userId))
    .orderBy(compositions.id, compositionBlocks.order);
  const shapes = new Map<string, { name: string; blockIds: string[] }>();
  for (const row of rows) {
    const shape = shapes.get(row.id) ?? { name: row.name, blockIds: [] };
    shape.blockIds.push(row.blockId);
    shapes.set(row.id, shape);
  }
  return new Map([...shapes].map(([id, shape]) => [compositionShape(shape, keyOf), id]));
}

const compositionShape = (
  composition: { name: string; blockIds: readonly string[] },
  keyOf: ReadonlyMap<string, string>,
) => JSON.stringify([composition.name, composition.blockIds.map((id) => keyOf.get(id) ?? id)]);

/**
 * POST /api/account/import (decisions 060, 093): the file's library added to the account in
 * one transaction, under the account's quotas, with new ids. System blocks are not copied:
 * the account's own of the same type stand in for them; neither are blocks the account
 * already holds with the same name and content, nor compositions it holds with the same name
 * and blocks, so importing a file twice adds nothing the second time. Copies that followed a
 * shared item of this instance the user may see
 * follow it again (decision 098), others become plain blocks; shared items, likes, access tokens and opened links belong
 * to the exporting instance and are skipped (counted in the answer). A refused import writes
 * nothing.
 */
export async function importAccount(
  db: Db,
  userId: string,
  file: ImportedFile,
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

    const systemIds = await systemBlocksByType(tx, userId);
    const { byKey: present, keyOf } = await ownBlocksByKey(tx, userId);
    const newIds = new Map<string, string>();
    let matchedSystem = 0;
    let alreadyPresent = 0;
    const ownBlocks = file.blocks.filter((block) => {
      const systemId = block.isSystemBlock ? systemIds.get(block.type) : undefined;
      if (systemId) {
        newIds.set(block.id, systemId);
        matchedSystem++;
        return false;
      }
      const existing = block.isSystemBlock ? undefined : present.get(block.key)?.shift();
      if (existing) {
        newIds.set(block.id, existing);
        alreadyPresent++;
        return false;
      }
      return true;
    });
    if (
      quotaExceeded(
        before,
        addUsage(before, accountImportUsage({ blocks: ownBlocks, compositions: [] })),
      )
    ) {
      throw badRequest('ACCOUNT_IMPORT_QUOTA');
    }
    // Ids are made here, so each new block is known by its file id without relying on the
    // order RETURNING gives.
    for (const block of ownBlocks) {
      const id = createId();
      newIds.set(block.id, id);
      keyOf.set(id, block.key);
    }
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

    const shapes = await ownCompositionShapes(tx, userId, keyOf);
    const compositionIds = new Map<string, string>();
    let compositionsPresent = 0;
    for (const composition of file.compositions) {
      const blockIds = composition.blockIds.map((blockId) => newIds.get(blockId)!);
      const same = shapes.get(compositionShape({ name: composition.name, blockIds }, keyOf));
      if (same) {
        compositionIds.set(composition.id, same);
        compositionsPresent++;
        continue;
      }
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
      await tx
        .insert(compositionBlocks)
        .values(blockIds.map((blockId, order) => ({ compositionId: row.id, order, blockId })));
    }

    const settings = await importSettings(tx, userId, file, compositionIds, now);
    // The estimates count what the file holds; the usage after the writes is the truth.
    if (quotaExceeded(before, await readUsage(tx, userId))) {
      throw badRequest('ACCOUNT_IMPORT_QUOTA');
    }
    return {
      blocks: {
        imported: ownBlocks.length,
        alreadyPresent,
        matchedSystem,
        subscriptionsDetached:
          ownBlocks.filter((block) => block.subscription).length - followingAgain,
      },
      compositions: {
        imported: file.compositions.length - compositionsPresent,
        alreadyPresent: compositionsPresent,
      },
      ignorePatterns: { added: settings.added },
      defaultComposition: settings.defaultComposition,
      skipped: file.counted,
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
  file: Pick<ImportedFile, 'settings'>,
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
