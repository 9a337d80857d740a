import { ACCESS_TOKEN_PREFIX, type AccessToken, type CreatedAccessToken } from '@promptloom/core';
import { ACCESS_TOKENS_PER_USER_MAX, PERSONAL_ACCESS_TOKEN_BYTES } from '../../limits';
import { and, asc, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessTokens } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { randomToken, sha256 } from '../auth/crypto';

type Row = typeof accessTokens.$inferSelect;

const toDto = (row: Row): AccessToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new token for the user: the answer is the only place the secret ever appears. */
export async function createAccessToken(
  db: Db,
  userId: string,
  name: string,
  expiresInDays: number | null,
  now: Date,
): Promise<CreatedAccessToken> {
  const expiresAt =
    expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * DAY_MS);
  const token = `${ACCESS_TOKEN_PREFIX}${randomToken(PERSONAL_ACCESS_TOKEN_BYTES)}`;
  const row = await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId));
    if ((held?.n ?? 0) >= ACCESS_TOKENS_PER_USER_MAX) throw badRequest('ACCESS_TOKENS_TOO_MANY');
    const [inserted] = await tx
      .insert(accessTokens)
      .values({ userId, name, tokenHash: sha256(token), createdAt: now, expiresAt })
      .returning();
    return inserted!;
  });
  const { id, createdAt, expiresAt: expires } = toDto(row);
  return { id, name: row.name, token, createdAt, expiresAt: expires };
}

export async function listAccessTokens(db: Db, userId: string): Promise<AccessToken[]> {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
  return rows.map(toDto);
}

/** Revoking deletes the row: the next request with that token finds nothing. */
export async function revokeAccessToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  if (deleted.length === 0) throw notFound('ACCESS_TOKEN_NOT_FOUND');
}

/**
 * The owner of a valid token (and the token's id, the rate-limit key), or null: unknown,
 * revoked (row deleted) or past its expiry.
 */
export async function resolveAccessToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ userId: string; tokenId: string } | null> {
  const [row] = await db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(accessTokens.tokenHash, sha256(token)),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    )
    .returning({ userId: accessTokens.userId, tokenId: accessTokens.id });
  return row ?? null;
}
