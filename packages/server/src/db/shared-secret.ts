import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema';

/**
 * The secret called `name` that every instance on this database shares: the first instance to
 * ask inserts a random one, any later (or concurrent) one reads it (decision 039).
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`shared secret ${name} could not be stored`);
  return row.value;
}
