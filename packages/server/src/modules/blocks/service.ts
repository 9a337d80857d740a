import { blockCategory, type Block, type BlockBody } from '@promptloom/core';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, compositionBlocks, compositions } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { withinQuotas } from '../quotas/service';
import { loadBlockLinks, NO_LINKS, type BlockLinks } from './block-links';
import { SYSTEM_BLOCKS } from './system-blocks';

type BlockRow = typeof blocks.$inferSelect;

/** The API shape of a block row; the library's links are passed in (null when absent). */
export function toBlockDto(row: BlockRow, links: BlockLinks = NO_LINKS): Block {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content,
    type: row.type,
    color: row.color,
    category: row.category,
    isSystemBlock: row.isSystemBlock,
    systemBehavior: row.systemBehavior,
    subscription: links.subscription,
    sharedVersion: links.sharedVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withLinks(db: DbOrTx, userId: string, rows: BlockRow[]): Promise<Block[]> {
  const links = await loadBlockLinks(
    db,
    userId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toBlockDto(row, links.get(row.id)));
}

/** The user's block row, or 404 (another user's block is indistinguishable from none). */
export async function findOwnedBlock(db: DbOrTx, userId: string, id: string): Promise<BlockRow> {
  const [row] = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.id, id), eq(blocks.userId, userId)));
  if (!row) throw notFound('BLOCK_NOT_FOUND');
  return row;
}

/** System blocks first in the order of SYSTEM_BLOCKS, then the others in creation order. */
export async function listBlocks(db: DbOrTx, userId: string): Promise<Block[]> {
  const rows = await db
    .select()
    .from(blocks)
    .where(eq(blocks.userId, userId))
    .orderBy(desc(blocks.isSystemBlock), asc(blocks.createdAt), asc(blocks.id));
  const rank = (row: BlockRow) =>
    row.isSystemBlock ? SYSTEM_BLOCKS.findIndex((seed) => seed.type === row.type) : 0;
  // A stable sort keeps the SQL order within equal ranks.
  rows.sort((a, b) => Number(b.isSystemBlock) - Number(a.isSystemBlock) || rank(a) - rank(b));
  return withLinks(db, userId, rows);
}

export async function getBlock(db: DbOrTx, userId: string, id: string): Promise<Block> {
  const [block] = await withLinks(db, userId, [await findOwnedBlock(db, userId, id)]);
  if (!block) throw notFound('BLOCK_NOT_FOUND');
  return block;
}

export async function createBlock(
  db: DbOrTx,
  userId: string,
  body: BlockBody,
  now: Date,
): Promise<Block> {
  const row = await db.transaction((tx) =>
    withinQuotas(tx, userId, async () => {
      const [inserted] = await tx
        .insert(blocks)
        .values({ ...body, userId, createdAt: now, updatedAt: now })
        .returning();
      if (!inserted) throw new Error('block insert returned nothing');
      return inserted;
    }),
  );
  return toBlockDto(row);
}

/** Updates a block; a system block keeps its content and type. */
export async function updateBlock(
  db: DbOrTx,
  userId: string,
  id: string,
  body: BlockBody,
  now: Date,
): Promise<Block> {
  const row = await db.transaction((tx) =>
    withinQuotas(tx, userId, async () => {
      const existing = await findOwnedBlock(tx, userId, id);
      if (existing.isSystemBlock) {
        if (body.content !== existing.content) throw badRequest('BLOCK_SYSTEM_CONTENT_READONLY');
        if (body.type !== existing.type) throw badRequest('BLOCK_SYSTEM_TYPE_READONLY');
      }
      const [updated] = await tx
        .update(blocks)
        .set({ ...body, updatedAt: now })
        .where(and(eq(blocks.id, id), eq(blocks.userId, userId)))
        .returning();
      if (!updated) throw notFound('BLOCK_NOT_FOUND');
      return updated;
    }),
  );
  const [block] = await withLinks(db, userId, [row]);
  return block ?? toBlockDto(row);
}

/**
 * Deletes a block and, in the same transaction, its places in the user's saved
 * compositions: the items go with the block (FK cascade) and the remaining ones are
 * renumbered 0, 1, 2… so orders stay without gaps.
 */
export async function deleteBlock(db: DbOrTx, userId: string, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const existing = await findOwnedBlock(tx, userId, id);
    if (existing.systemBehavior === 'INDELETABLE') throw badRequest('BLOCK_INDELETABLE');
    const affected = await tx
      .selectDistinct({ compositionId: compositionBlocks.compositionId })
      .from(compositionBlocks)
      .where(eq(compositionBlocks.blockId, id));
    await tx.delete(blocks).where(and(eq(blocks.id, id), eq(blocks.userId, userId)));
    for (const { compositionId } of affected) {
      await renumberComposition(tx, compositionId);
    }
    if (affected.length > 0) {
      await tx
        .update(compositions)
        .set({ updatedAt: now })
        .where(
          inArray(
            compositions.id,
            affected.map((a) => a.compositionId),
          ),
        );
    }
  });
}

async function renumberComposition(tx: DbOrTx, compositionId: string) {
  const items = await tx
    .select({ blockId: compositionBlocks.blockId })
    .from(compositionBlocks)
    .where(eq(compositionBlocks.compositionId, compositionId))
    .orderBy(asc(compositionBlocks.order));
  await tx.delete(compositionBlocks).where(eq(compositionBlocks.compositionId, compositionId));
  if (items.length === 0) return;
  await tx
    .insert(compositionBlocks)
    .values(items.map((item, order) => ({ compositionId, order, blockId: item.blockId })));
}

/** The distinct categories blocks are shown under, default names applied. */
export async function listCategories(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      category: blocks.category,
      type: blocks.type,
      isSystemBlock: blocks.isSystemBlock,
    })
    .from(blocks)
    .where(eq(blocks.userId, userId));
  return [...new Set(rows.map(blockCategory))].sort((a, b) => a.localeCompare(b, 'fr'));
}
