import { createId } from '@paralleldrive/cuid2';
import {
  REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS,
  REFRESH_TOKEN_BYTES,
  REFRESH_TOKEN_LOST_ANSWER_GRACE_SECONDS,
} from '../../limits';
import { and, eq, gt, gte, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { HttpError } from '../../http-error';
import { randomToken, sha256 } from './crypto';

export interface IssuedRefreshToken {
  token: string;
  userId: string;
  /** The sign-in this token belongs to: access tokens carry it as `sid`. */
  familyId: string;
  /** Absolute end of the family, the cookie's lifetime too. */
  expiresAt: Date;
}

export const refreshInvalid = () => new HttpError(401, 'REFRESH_INVALID');

async function insertToken(
  db: DbOrTx,
  row: { userId: string; familyId: string; expiresAt: Date; now: Date },
): Promise<IssuedRefreshToken> {
  const token = randomToken(REFRESH_TOKEN_BYTES);
  await db.insert(refreshTokens).values({
    userId: row.userId,
    familyId: row.familyId,
    tokenHash: sha256(token),
    createdAt: row.now,
    expiresAt: row.expiresAt,
  });
  return { token, userId: row.userId, familyId: row.familyId, expiresAt: row.expiresAt };
}

/** A sign-in starts a family whose absolute lifetime rotation never extends. */
export function startFamily(db: DbOrTx, userId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS * 1000);
  return insertToken(db, { userId, familyId: createId(), expiresAt, now });
}

/**
 * Revokes every live token `which` selects, pass after pass until one finds none. A refresh
 * committing meanwhile (it held the row of the token it rotated, so the UPDATE waited for it)
 * inserted a successor that UPDATE's snapshot could not see; the next pass sees and revokes it.
 * A refresh starting later finds its token revoked and fails. So a sign-out is never outlived
 * by a refresh made at the same moment on another instance.
 */
async function revokeLive(db: DbOrTx, which: SQL[], now: Date) {
  for (;;) {
    const revoked = await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(...which, isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (revoked.length === 0) return;
  }
}

const revokeFamily = (db: DbOrTx, familyId: string, now: Date) =>
  revokeLive(db, [eq(refreshTokens.familyId, familyId)], now);

/**
 * Exchanges a refresh token for its successor. The conditional UPDATE is the lock: of two
 * parallel refreshes with one token exactly one rotates it. Presenting a token that was already
 * rotated means it leaked, so the family is revoked — unless its answer was plainly lost: see
 * `reissueAfterLostAnswer`.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date,
): Promise<IssuedRefreshToken> {
  const tokenHash = sha256(token);
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (current) {
      const next = await insertToken(tx, {
        userId: current.userId,
        familyId: current.familyId,
        expiresAt: current.expiresAt,
        now,
      });
      return { next };
    }
    // Locked, so that parallel presentations of one rotated token are judged one at a time.
    const [known] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    if (!known?.rotatedAt) return { next: null };
    const reissued = await reissueAfterLostAnswer(
      tx,
      { ...known, rotatedAt: known.rotatedAt },
      now,
    );
    if (reissued) return { next: reissued };
    await revokeFamily(tx, known.familyId, now);
    return { next: null };
  });
  if (!outcome.next) throw refreshInvalid();
  return outcome.next;
}

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * A page that reloads or navigates while its refresh is in flight never receives the answer,
 * yet the server has rotated the token: the browser still holds the old cookie and presents it
 * at the next load. That is the user's own browser, not a thief, when it comes soon after the
 * rotation and nothing in the family has been used since (the successor never reached anyone).
 * Then the unused successors are revoked and a new one is issued in the same family
 * (docs/decisions/087-refresh-answer-lost-in-a-reload.md). Otherwise: null, and the caller
 * treats it as reuse.
 */
async function reissueAfterLostAnswer(
  tx: DbOrTx,
  presented: RefreshTokenRow & { rotatedAt: Date },
  now: Date,
): Promise<IssuedRefreshToken | null> {
  const sinceRotation = now.getTime() - presented.rotatedAt.getTime();
  if (presented.revokedAt || presented.expiresAt <= now) return null;
  if (sinceRotation > REFRESH_TOKEN_LOST_ANSWER_GRACE_SECONDS * 1000) return null;
  const [usedSince] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, presented.familyId),
        ne(refreshTokens.id, presented.id),
        gte(refreshTokens.rotatedAt, presented.rotatedAt),
      ),
    )
    .limit(1);
  if (usedSince) return null;
  const unused = [eq(refreshTokens.familyId, presented.familyId), isNull(refreshTokens.rotatedAt)];
  await revokeLive(tx, unused, now);
  return insertToken(tx, {
    userId: presented.userId,
    familyId: presented.familyId,
    expiresAt: presented.expiresAt,
    now,
  });
}

/** Logout: the whole family of the presented token ends, whatever state it is in. */
export async function revokeByToken(db: Db, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (known) await revokeFamily(tx, known.familyId, now);
  });
}

/**
 * "Sign out everywhere": every sign-in of the user ends, so every access token of every
 * session is refused by the guard at once, on every instance (decision 039). Personal access
 * tokens are separate credentials and are left as they are.
 */
export function revokeAllFamilies(db: Db, userId: string, now: Date): Promise<void> {
  return revokeLive(db, [eq(refreshTokens.userId, userId)], now);
}

/**
 * Whether the sign-in `familyId` was ended: signed out (its tokens revoked), or its account
 * deleted (its tokens gone with it, decision 060). A live sign-in always holds one token that
 * is not revoked. Its access tokens stop working at once, on every instance, since each
 * checks the shared database (decision 039).
 */
export async function isSessionRevoked(db: Db, familyId: string): Promise<boolean> {
  const [live] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return live === undefined;
}
