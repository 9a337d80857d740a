import { CURATED_AUTHOR_NAME } from '@promptloom/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** The curated-content account: a user row nobody can sign in as (no such auth provider). */
export const SYSTEM_AUTHOR = {
  provider: 'system',
  subject: 'promptloom',
  name: CURATED_AUTHOR_NAME,
} as const;

/**
 * The system author's user id, or null before the seed ran.
 * Used by GET /api/settings (systemAuthorId) and by the library's recommendations.
 */
export async function getSystemAuthorId(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.provider, SYSTEM_AUTHOR.provider), eq(users.subject, SYSTEM_AUTHOR.subject)),
    );
  return row?.id ?? null;
}
