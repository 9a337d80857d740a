import { createId } from '@paralleldrive/cuid2';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Personal access tokens (CLI, MCP): read-only, revoked by deleting the row. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text().primaryKey().$defaultFn(createId),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the token; the token itself is shown once and never stored. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    /** Null: never expires (the user chose so, warned). Checked on every use (decision 043). */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_idx').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);
