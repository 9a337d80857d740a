import type { User } from '@promptloom/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { ensureSystemBlocks } from '../blocks/system-blocks';

export interface ProviderProfile {
  provider: string;
  subject: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
}

type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, avatarUrl: row.avatarUrl };
}

/**
 * Finds the account of (provider, subject) or creates it, in one transaction with
 * everything a new account starts with. Profile fields are refreshed on every sign-in.
 */
export async function signInProfile(db: DbOrTx, profile: ProviderProfile): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.provider, profile.provider), eq(users.subject, profile.subject)));
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({ name: profile.name, email: profile.email, avatarUrl: profile.avatarUrl })
        .where(eq(users.id, existing.id))
        .returning();
      return updated ?? existing;
    }
    const [created] = await tx.insert(users).values(profile).returning();
    if (!created) throw new Error('user insert returned nothing');
    await ensureSystemBlocks(tx, created.id);
    return created;
  });
}

export async function findUser(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
