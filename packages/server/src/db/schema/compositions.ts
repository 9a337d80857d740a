import { createId } from '@paralleldrive/cuid2';
import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { blocks } from './blocks';
import { users } from './users';

export const compositions = pgTable(
  'compositions',
  {
    id: text().primaryKey().$defaultFn(createId),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compositions_user_idx').on(t.userId)],
);

/** Ordered items; the same block may appear more than once, so the key is the position. */
export const compositionBlocks = pgTable(
  'composition_blocks',
  {
    compositionId: text()
      .notNull()
      .references(() => compositions.id, { onDelete: 'cascade' }),
    order: integer().notNull(),
    blockId: text()
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.compositionId, t.order] }),
    index('composition_blocks_block_idx').on(t.blockId),
  ],
);
