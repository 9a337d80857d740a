import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sharedItems, sharedItemVersions } from '../../db/schema';

type NewSharedItem = Omit<
  typeof sharedItems.$inferInsert,
  'id' | 'currentVersion' | 'createdAt' | 'updatedAt'
>;

/** The name and text a version snapshots: what an import or an update copies into a block. */
interface Snapshot {
  name: string;
  content: string;
  versionNotes?: string;
}

/**
 * A new shared item with its version 1: an item is never without the version its
 * currentVersion names, since every import and update reads the text from there.
 */
export async function insertSharedItem(
  tx: DbOrTx,
  item: NewSharedItem,
  snapshot: Snapshot,
  now: Date,
) {
  const [inserted] = await tx
    .insert(sharedItems)
    .values({ ...item, currentVersion: 1, createdAt: now, updatedAt: now })
    .returning();
  if (!inserted) throw new Error('shared item insert returned nothing');
  await tx
    .insert(sharedItemVersions)
    .values({ sharedItemId: inserted.id, version: 1, ...snapshot, createdAt: now });
  return inserted;
}

/**
 * Version `version` of an item, made its current one together with `changes` to the item's
 * own fields, so that subscribers are offered it.
 */
export async function insertVersion(
  tx: DbOrTx,
  itemId: string,
  version: number,
  snapshot: Snapshot,
  changes: Partial<NewSharedItem>,
  now: Date,
): Promise<void> {
  await tx
    .insert(sharedItemVersions)
    .values({ sharedItemId: itemId, version, ...snapshot, createdAt: now });
  await tx
    .update(sharedItems)
    .set({ ...changes, currentVersion: version, updatedAt: now })
    .where(eq(sharedItems.id, itemId));
}
