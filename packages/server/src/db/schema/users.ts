import { createId } from '@paralleldrive/cuid2';
import { pgTable, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text().primaryKey().$defaultFn(createId),
    /** Users are identified by (provider, subject), never by email. */
    provider: text().notNull(),
    subject: text().notNull(),
    name: text().notNull(),
    email: text(),
    avatarUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_provider_subject_idx').on(t.provider, t.subject)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text().primaryKey().$defaultFn(createId),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens descending from one sign-in; reuse of a rotated one revokes the family. */
    familyId: text().notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the family: rotation never extends it. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * OAuth login flows already redeemed, by SHA-256 of their state: the flow cookie is
 * single-use (RFC 9700). Rows are only needed until the flow would have expired anyway.
 */
export const oauthFlows = pgTable('oauth_flows', {
  stateHash: text().primaryKey(),
  consumedAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
