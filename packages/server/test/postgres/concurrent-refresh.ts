import { eq, sql } from 'drizzle-orm';
import { refreshTokens } from '../../src/db/schema';
import { sha256 } from '../../src/modules/auth/crypto';
import type { TestApp } from '../helpers';

type Transaction = Parameters<Parameters<TestApp['db']['transaction']>[0]>[0];
type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Resolves once a statement of this database waits on a row lock. */
export async function untilSomeoneWaits(t: TestApp): Promise<void> {
  for (;;) {
    const { rows } = await t.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The two writes of a refresh as rotateRefreshToken makes them, to be interleaved by hand with
 * another connection's request: the presented token marked rotated (its row locked) ...
 */
export async function rotatePresented(
  t: TestApp,
  tx: Transaction,
  presented: string,
): Promise<RefreshTokenRow> {
  const [current] = await tx
    .update(refreshTokens)
    .set({ rotatedAt: t.clock.now() })
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .returning();
  if (!current) throw new Error('the presented refresh token is not in the database');
  return current;
}

/** ... and its successor inserted in the same family. */
export async function insertSuccessor(
  t: TestApp,
  tx: Transaction,
  current: RefreshTokenRow,
  successor: string,
): Promise<void> {
  await tx.insert(refreshTokens).values({
    userId: current.userId,
    familyId: current.familyId,
    tokenHash: sha256(successor),
    createdAt: t.clock.now(),
    expiresAt: current.expiresAt,
  });
}
