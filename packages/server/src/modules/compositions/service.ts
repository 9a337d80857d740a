import type { Composition, CompositionBody, Page, PageQuery } from '@promptloom/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, compositionBlocks, compositions } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { cutPage, decodeCursor, entriesAfter, type SortKey } from '../paging';
import { withinQuotas } from '../quotas/service';

type CompositionRow = typeof compositions.$inferSelect;

/** Rows → API shapes, each with its items in order and a summary of their blocks. */
async function toDtos(db: DbOrTx, rows: CompositionRow[]): Promise<Composition[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({
      compositionId: compositionBlocks.compositionId,
      order: compositionBlocks.order,
      blockId: compositionBlocks.blockId,
      name: blocks.name,
      color: blocks.color,
      type: blocks.type,
    })
    .from(compositionBlocks)
    .innerJoin(blocks, eq(blocks.id, compositionBlocks.blockId))
    .where(
      inArray(
        compositionBlocks.compositionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(compositionBlocks.compositionId), asc(compositionBlocks.order));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    blocks: items
      .filter((item) => item.compositionId === row.id)
      .map(({ blockId, order, name, color, type }) => ({ blockId, order, name, color, type })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function findOwned(db: DbOrTx, userId: string, id: string): Promise<CompositionRow> {
  const [row] = await db
    .select()
    .from(compositions)
    .where(and(eq(compositions.id, id), eq(compositions.userId, userId)));
  if (!row) throw notFound('COMPOSITION_NOT_FOUND');
  return row;
}

/** Every block id must be one of the user's blocks; unknown and foreign ids answer alike. */
async function assertOwnedBlocks(db: DbOrTx, userId: string, blockIds: readonly string[]) {
  const unique = [...new Set(blockIds)];
  const found = await db
    .select({ id: blocks.id })
    .from(blocks)
    .where(and(eq(blocks.userId, userId), inArray(blocks.id, unique)));
  if (found.length !== unique.length) throw badRequest('COMPOSITION_BLOCK_UNKNOWN');
}

async function writeItems(db: DbOrTx, compositionId: string, blockIds: readonly string[]) {
  await db.delete(compositionBlocks).where(eq(compositionBlocks.compositionId, compositionId));
  await db
    .insert(compositionBlocks)
    .values(blockIds.map((blockId, order) => ({ compositionId, order, blockId })));
}

/** Alphabetical, the order the workspace and the management page list them in. */
/** By name as French readers sort, then by id: the key a cursor holds is [name, id]. */
const compareKeys = (a: SortKey, b: SortKey) =>
  String(a[0]).localeCompare(String(b[0]), 'fr') || String(a[1]).localeCompare(String(b[1]));

/**
 * One page of the user's compositions (decision 038). Their rows are small and their count
 * bounded by the quota, so they are sorted here; only the page's rows get their blocks.
 */
export async function listCompositions(
  db: DbOrTx,
  userId: string,
  query: PageQuery,
): Promise<Page<Composition>> {
  const after = decodeCursor(query.cursor, ['string', 'string']);
  const rows = await db.select().from(compositions).where(eq(compositions.userId, userId));
  const sorted = rows
    .map((row) => ({ item: row, key: [row.name, row.id] as const }))
    .sort((a, b) => compareKeys(a.key, b.key));
  const following = entriesAfter(sorted, compareKeys, after, query.limit);
  const dtos = await toDtos(
    db,
    following.map((entry) => entry.item),
  );
  return cutPage(
    following.map((entry, i) => ({ item: dtos[i]!, key: entry.key })),
    query.limit,
  );
}

async function getOne(db: DbOrTx, row: CompositionRow): Promise<Composition> {
  const [dto] = await toDtos(db, [row]);
  if (!dto) throw notFound('COMPOSITION_NOT_FOUND');
  return dto;
}

export async function getComposition(db: DbOrTx, userId: string, id: string) {
  return getOne(db, await findOwned(db, userId, id));
}

export async function createComposition(
  db: DbOrTx,
  userId: string,
  body: CompositionBody,
  now: Date,
): Promise<Composition> {
  return withinQuotas(db, userId, async (tx) => {
    await assertOwnedBlocks(tx, userId, body.blockIds);
    const [row] = await tx
      .insert(compositions)
      .values({ userId, name: body.name, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('composition insert returned nothing');
    await writeItems(tx, row.id, body.blockIds);
    return getOne(tx, row);
  });
}

/** Replaces the name and the whole ordered item list. */
export async function updateComposition(
  db: DbOrTx,
  userId: string,
  id: string,
  body: CompositionBody,
  now: Date,
): Promise<Composition> {
  return withinQuotas(db, userId, async (tx) => {
    await findOwned(tx, userId, id);
    await assertOwnedBlocks(tx, userId, body.blockIds);
    const [row] = await tx
      .update(compositions)
      .set({ name: body.name, updatedAt: now })
      .where(and(eq(compositions.id, id), eq(compositions.userId, userId)))
      .returning();
    if (!row) throw notFound('COMPOSITION_NOT_FOUND');
    await writeItems(tx, id, body.blockIds);
    return getOne(tx, row);
  });
}

export async function deleteComposition(db: DbOrTx, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(compositions)
    .where(and(eq(compositions.id, id), eq(compositions.userId, userId)))
    .returning({ id: compositions.id });
  if (deleted.length === 0) throw notFound('COMPOSITION_NOT_FOUND');
}
