import { and, eq, sql } from 'drizzle-orm';
import { backfillSystemBlocks } from '../modules/blocks/system-blocks';
import { STARTER_BLOCKS } from '../modules/shared-items/starter-blocks';
import { SYSTEM_AUTHOR } from '../modules/shared-items/system-author';
import { insertSharedItem, insertVersion } from '../modules/shared-items/versions';
import type { Db } from './client';
import { blocks, sharedItems, sharedItemVersions, users } from './schema';

/** Any constant: serialises concurrent seeds of instances starting together on one database. */
const SEED_LOCK_KEY = 7_340_001;

export const STARTER_UPDATE_NOTES = 'Content improved by Promptloom.';

/**
 * Idempotent start-up seed: the system author and its curated, public starter blocks.
 * A starter whose text changed in a release is published as a new version, so subscribers
 * are offered the update; one whose category changed is filed under the new one. Existing
 * accounts get the system blocks added since they were created. Runs at every start, after
 * the migrations.
 */
export async function seedDatabase(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await backfillSystemBlocks(tx);
    await tx
      .insert(users)
      .values({ ...SYSTEM_AUTHOR, email: null, avatarUrl: null })
      .onConflictDoNothing();
    const [author] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.provider, SYSTEM_AUTHOR.provider), eq(users.subject, SYSTEM_AUTHOR.subject)),
      );
    if (!author) throw new Error('system author missing after insert');

    const existing = await tx
      .select({ item: sharedItems, latest: sharedItemVersions })
      .from(sharedItems)
      .innerJoin(
        sharedItemVersions,
        and(
          eq(sharedItemVersions.sharedItemId, sharedItems.id),
          eq(sharedItemVersions.version, sharedItems.currentVersion),
        ),
      )
      .where(eq(sharedItems.authorId, author.id));
    const byName = new Map(existing.map((row) => [row.latest.name, row]));

    for (const starter of STARTER_BLOCKS) {
      const found = byName.get(starter.name);
      if (!found) {
        const [block] = await tx
          .insert(blocks)
          .values({ userId: author.id, type: 'STATIC', ...starter, createdAt: now, updatedAt: now })
          .returning({ id: blocks.id });
        if (!block) throw new Error('starter block insert returned nothing');
        await insertSharedItem(
          tx,
          {
            authorId: author.id,
            sourceBlockId: block.id,
            name: starter.name,
            blockType: 'STATIC',
            blockColor: starter.color,
            blockCategory: starter.category,
            description: starter.description,
            tags: starter.tags,
            visibility: 'PUBLIC',
          },
          { name: starter.name, content: starter.content },
          now,
        );
        continue;
      }
      if (found.item.blockCategory !== starter.category) {
        // A category renamed in a release (they were French beside English texts): new
        // imports file the block under the new one; no version, the text is the same.
        await tx
          .update(sharedItems)
          .set({ blockCategory: starter.category })
          .where(eq(sharedItems.id, found.item.id));
        if (found.item.sourceBlockId) {
          await tx
            .update(blocks)
            .set({ category: starter.category })
            .where(eq(blocks.id, found.item.sourceBlockId));
        }
      }
      if (found.latest.content === starter.content) continue;
      await insertVersion(
        tx,
        found.item.id,
        found.item.currentVersion + 1,
        { name: starter.name, content: starter.content, versionNotes: STARTER_UPDATE_NOTES },
        { description: starter.description, tags: starter.tags },
        now,
      );
      if (found.item.sourceBlockId) {
        await tx
          .update(blocks)
          .set({ content: starter.content, updatedAt: now })
          .where(eq(blocks.id, found.item.sourceBlockId));
      }
    }
  });
}
