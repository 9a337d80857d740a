import type { ExportBlock } from '@promptloom/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sharedItems, sharedItemVersions, subscriptions } from '../../db/schema';
import { visibleTo } from '../shared-items';

/**
 * Imported copies that followed a shared item of this instance follow it again (decision
 * 098): same accepted version, same merge base, so the next update still merges with the
 * copy's own edits. Only an item the importer may see and did not author, still attached in
 * the file, at a version it has; the base is read from that version here, never taken from
 * the file. Anything else stays a plain block (decision 060). Returns how many follow again.
 */
export async function reattachSubscriptions(
  tx: DbOrTx,
  userId: string,
  fileBlocks: readonly ExportBlock[],
  newIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<number> {
  const following = fileBlocks.filter(
    (block) => block.subscription?.sharedItemId && block.subscription.detached === null,
  );
  const itemIds = [...new Set(following.map((block) => block.subscription!.sharedItemId!))];
  if (itemIds.length === 0) return 0;
  const versions = await tx
    .select({
      itemId: sharedItems.id,
      version: sharedItemVersions.version,
      content: sharedItemVersions.content,
    })
    .from(sharedItems)
    .innerJoin(sharedItemVersions, eq(sharedItemVersions.sharedItemId, sharedItems.id))
    .where(
      and(
        inArray(sharedItems.id, itemIds),
        ne(sharedItems.authorId, userId),
        visibleTo(userId, now),
      ),
    );
  const baseOf = new Map(versions.map((row) => [`${row.itemId} ${row.version}`, row.content]));
  const rows = following.flatMap((block) => {
    const { sharedItemId, subscribedVersion } = block.subscription!;
    const baseContent = baseOf.get(`${sharedItemId} ${subscribedVersion}`);
    const localBlockId = newIds.get(block.id);
    if (baseContent === undefined || !localBlockId) return [];
    return [{ userId, sharedItemId, localBlockId, subscribedVersion, baseContent, createdAt: now }];
  });
  if (rows.length) await tx.insert(subscriptions).values(rows);
  return rows.length;
}
