import { createId } from '@paralleldrive/cuid2';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { BLOCK_TYPES, SUBSCRIPTION_DETACHED_REASONS } from '@promptloom/core';
import { blocks } from './blocks';
import { users } from './users';

export const sharedItems = pgTable(
  'shared_items',
  {
    id: text().primaryKey().$defaultFn(createId),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author's block the versions are snapshots of; null once that block is deleted. */
    sourceBlockId: text().references(() => blocks.id, { onDelete: 'set null' }),
    itemType: text({ enum: ['BLOCK'] })
      .notNull()
      .default('BLOCK'),
    name: varchar({ length: 255 }).notNull(),
    /** Block attributes copied to importers (versions snapshot name and content only). */
    blockType: text({ enum: BLOCK_TYPES }).notNull().default('STATIC'),
    blockColor: varchar({ length: 50 }),
    blockCategory: varchar({ length: 255 }),
    description: text(),
    tags: text().array().notNull().default([]),
    visibility: text({ enum: ['PUBLIC', 'UNLISTED'] }).notNull(),
    /** Private-link token (UNLISTED only); shown again to the author in manage mode. */
    shareToken: text(),
    expiresAt: timestamp({ withTimezone: true }),
    currentVersion: integer().notNull().default(1),
    likeCount: integer().notNull().default(0),
    downloadCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_items_token_idx').on(t.shareToken),
    index('shared_items_author_idx').on(t.authorId),
    index('shared_items_source_block_idx').on(t.sourceBlockId),
    // Library search: full text over name + description + tags. Only immutable functions may
    // appear here, hence array_to_tsvector (tags are stored lowercased) rather than
    // array_to_string. The service repeats this exact expression so the planner uses it.
    index('shared_items_search_idx').using(
      'gin',
      sql`(to_tsvector('simple', ${t.name} || ' ' || coalesce(${t.description}, '')) || array_to_tsvector(${t.tags}))`,
    ),
    // Tag filter: `tags @> ARRAY[...]`.
    index('shared_items_tags_idx').using('gin', t.tags),
    index('shared_items_visibility_created_idx').on(t.visibility, t.createdAt),
    index('shared_items_visibility_likes_idx').on(t.visibility, t.likeCount),
    index('shared_items_visibility_downloads_idx').on(t.visibility, t.downloadCount),
  ],
);

export const sharedItemVersions = pgTable(
  'shared_item_versions',
  {
    id: text().primaryKey().$defaultFn(createId),
    sharedItemId: text()
      .notNull()
      .references(() => sharedItems.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    name: varchar({ length: 255 }).notNull(),
    content: text().notNull(),
    versionNotes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Characters this version holds against its author's stored-text quota (decision 026). */
    storedChars: integer()
      .notNull()
      .generatedAlwaysAs(
        sql`char_length("name") + char_length("content") + coalesce(char_length("version_notes"), 0)`,
      ),
  },
  (t) => [uniqueIndex('shared_item_versions_item_version_idx').on(t.sharedItemId, t.version)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text().primaryKey().$defaultFn(createId),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the author deleted the item (the subscriber's copy stays, detached). */
    sharedItemId: text().references(() => sharedItems.id, { onDelete: 'set null' }),
    localBlockId: text()
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    subscribedVersion: integer().notNull(),
    /**
     * The content of `subscribedVersion`, the base of the three-way merge when the next
     * version is accepted (decision 098). Null only for copies detached before it was kept.
     */
    baseContent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the author revoked or regenerated the private link, or deleted the item
     * (decision 042): the copy stays with its owner and receives no more versions.
     */
    detachedAt: timestamp({ withTimezone: true }),
    detachedReason: text({ enum: SUBSCRIPTION_DETACHED_REASONS }),
  },
  (t) => [
    uniqueIndex('subscriptions_local_block_idx').on(t.localBlockId),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_shared_item_idx').on(t.sharedItemId),
  ],
);

/** One row per user and item, gone with either (a like, a first import, a private-link pass). */
function userItemTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      userId: text()
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      sharedItemId: text()
        .notNull()
        .references(() => sharedItems.id, { onDelete: 'cascade' }),
      createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.sharedItemId] })],
  );
}

export const likes = userItemTable('likes');

/**
 * Who has imported an item, once each: the download count moves only on a user's first
 * import (decision 093).
 */
export const downloads = userItemTable('downloads');

/** Users who resolved a valid private-link token and may see the UNLISTED item. */
export const unlistedAccess = userItemTable('unlisted_access');
