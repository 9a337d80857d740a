import { isReservedDisplayName, withoutHiddenCharacters, type User } from '@promptloom/core';

/** A display name's length at most, as local sign-in's form allows. */
const DISPLAY_NAME_MAX = 255;
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
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatarUrl,
    provider: row.provider,
  };
}

/**
 * The name a profile is shown under (decision 093): a provider's name loses the hidden
 * characters names may not hold (bidi controls, zero-width spaces), and one that reads as the
 * curated author's is told apart by its provider. Local sign-in refuses both in its form.
 */
function displayNameOf(profile: ProviderProfile): string {
  const name =
    [...withoutHiddenCharacters(profile.name).trim()].slice(0, DISPLAY_NAME_MAX).join('') ||
    profile.subject;
  return isReservedDisplayName(name) ? `${name} (${profile.provider})` : name;
}

/**
 * Finds the account of (provider, subject) or creates it, in one transaction with
 * everything a new account starts with. Profile fields are refreshed on every sign-in.
 */
export async function signInProfile(db: DbOrTx, given: ProviderProfile): Promise<UserRow> {
  const profile = { ...given, name: displayNameOf(given) };
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
