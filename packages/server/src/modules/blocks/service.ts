import {
  blockCategory,
  LIST_PAGE_BYTES_MAX,
  type Block,
  type BlockBody,
  type Page,
  type PageQuery,
} from '@promptloom/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, compositionBlocks, compositions } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { cutPage, decodeCursor, encodeCursor } from '../paging';
import { withinQuotas } from '../quotas/service';
import { loadBlockLinks, NO_LINKS, type BlockLinks } from './block-links';
import { SYSTEM_BLOCKS } from './system-blocks';

type BlockRow = typeof blocks.$inferSelect;

/** After every system block, whatever SYSTEM_BLOCKS holds. */
const USER_BLOCKS_GROUP = 1_000;

/** What a block row says of itself, as the API and the account export both write it. */
export function blockRowFields(row: BlockRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content,
    type: row.type,
    color: row.color,
    category: row.category,
    isSystemBlock: row.isSystemBlock,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The API shape of a block row; the library's links are passed in (null when absent). */
export function toBlockDto(row: BlockRow, links: BlockLinks = NO_LINKS): Block {
  return {
    ...blockRowFields(row),
    systemBehavior: row.systemBehavior,
    subscription: links.subscription,
    sharedVersion: links.sharedVersion,
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

/** A system block's place among the system blocks: the first seed of its type. */
const SYSTEM_RANK = sql.join(
  [
    sql`case ${blocks.type}`,
    ...[...new Set(SYSTEM_BLOCKS.map((seed) => seed.type))].map(
      (type) => sql`when ${type} then ${SYSTEM_BLOCKS.findIndex((seed) => seed.type === type)}`,
    ),
    sql`else -1 end`,
  ],
  sql` `,
);
/**
 * The list's order as one key (decision 038): system blocks first in the order of
 * SYSTEM_BLOCKS, then the others in creation order (to the millisecond, as the app stamps
 * them), then by id. A cursor holds the key of the last block of its page.
 */
const SORT_GROUP = sql<number>`(case when ${blocks.isSystemBlock} then ${SYSTEM_RANK} else ${USER_BLOCKS_GROUP} end)::int`;
const SORT_TIME = sql<string>`floor(extract(epoch from ${blocks.createdAt}) * 1000)::bigint`;
const KEY_SHAPE = ['number', 'number', 'string'] as const;

/**
 * One page of the user's blocks. The sizes are read first, so no more contents are loaded
 * than the page's byte budget can hold, then the page is cut on the exact JSON size.
 */
export async function listBlocks(
  db: DbOrTx,
  userId: string,
  query: PageQuery,
): Promise<Page<Block>> {
  const after = decodeCursor(query.cursor, KEY_SHAPE);
  const candidates = await db
    .select({
      id: blocks.id,
      group: SORT_GROUP,
      time: SORT_TIME,
      size: sql<number>`(octet_length(${blocks.content}) + octet_length(${blocks.name}) + coalesce(octet_length(${blocks.description}), 0))::int`,
    })
    .from(blocks)
    .where(
      and(
        eq(blocks.userId, userId),
        after
          ? sql`(${SORT_GROUP}, ${SORT_TIME}, ${blocks.id}) > (${after[0]}, ${after[1]}, ${after[2]})`
          : undefined,
      ),
    )
    .orderBy(SORT_GROUP, SORT_TIME, asc(blocks.id))
    .limit(query.limit + 1);
  // Raw text is never longer than its JSON: what exceeds the budget raw cannot fit.
  let raw = 0;
  const wanted = candidates.filter((row, i) => {
    raw += row.size;
    return i === 0 || (i < query.limit && raw <= LIST_PAGE_BYTES_MAX);
  });
  const rows = await db
    .select()
    .from(blocks)
    .where(
      and(
        eq(blocks.userId, userId),
        inArray(
          blocks.id,
          wanted.map((row) => row.id),
        ),
      ),
    );
  const byId = new Map((await withLinks(db, userId, rows)).map((block) => [block.id, block]));
  const entries = candidates.flatMap((row) => {
    const item = byId.get(row.id);
    return item ? [{ item, key: [row.group, Number(row.time), row.id] }] : [];
  });
  const page = cutPage(entries, query.limit);
  // Candidates left out for their size follow this page.
  if (!page.nextCursor && candidates.length > page.items.length) {
    const last = entries[page.items.length - 1];
    return { ...page, nextCursor: last ? encodeCursor(last.key) : null };
  }
  return page;
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
  const row = await withinQuotas(db, userId, async (tx) => {
    const [inserted] = await tx
      .insert(blocks)
      .values({ ...body, userId, createdAt: now, updatedAt: now })
      .returning();
    if (!inserted) throw new Error('block insert returned nothing');
    return inserted;
  });
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
  const row = await withinQuotas(db, userId, async (tx) => {
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
  });
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
