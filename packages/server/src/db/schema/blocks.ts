import { createId } from '@paralleldrive/cuid2';
import { BLOCK_TYPES, SYSTEM_BEHAVIORS } from '@promptloom/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export const blocks = pgTable(
  'blocks',
  {
    id: text().primaryKey().$defaultFn(createId),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    description: text(),
    content: text().notNull().default(''),
    type: text({ enum: BLOCK_TYPES }).notNull(),
    color: varchar({ length: 50 }),
    category: varchar({ length: 255 }),
    isSystemBlock: boolean().notNull().default(false),
    systemBehavior: text({ enum: SYSTEM_BEHAVIORS }).notNull().default('NONE'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Characters this block holds against the user's stored-text quota (decision 026). */
    storedChars: integer()
      .notNull()
      .generatedAlwaysAs(
        sql`char_length("name") + coalesce(char_length("description"), 0) + char_length("content") + coalesce(char_length("category"), 0)`,
      ),
  },
  (t) => [index('blocks_user_idx').on(t.userId)],
);
