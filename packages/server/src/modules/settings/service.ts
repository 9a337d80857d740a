import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  parseIgnoreCategories,
  serializeIgnoreCategories,
  type SettingsResponse,
} from '@promptloom/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userSettings } from '../../db/schema';
import { getSystemAuthorId } from '../shared-items/system-author';

async function readGlobalPatterns(db: DbOrTx, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ patterns: userSettings.globalIgnorePatterns })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // A user who never saved has an empty list: the core system patterns still apply.
  return row?.patterns ?? [];
}

export async function getSettings(db: DbOrTx, userId: string): Promise<SettingsResponse> {
  const [globalIgnorePatterns, systemAuthorId] = await Promise.all([
    readGlobalPatterns(db, userId),
    getSystemAuthorId(db),
  ]);
  return {
    coreSystemIgnorePatterns: [...CORE_SYSTEM_IGNORE_PATTERNS],
    globalIgnorePatterns,
    systemAuthorId,
  };
}

/**
 * Stores the user's list in canonical form: trimmed, blank lines dropped, repeated category
 * headers folded, custom (header-less) patterns first. The route has validated the rules.
 */
export async function updateSettings(
  db: DbOrTx,
  userId: string,
  lines: readonly string[],
  now: Date,
): Promise<SettingsResponse> {
  const globalIgnorePatterns = serializeIgnoreCategories(parseIgnoreCategories(lines));
  await db
    .insert(userSettings)
    .values({ userId, globalIgnorePatterns, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { globalIgnorePatterns, updatedAt: now },
    });
  return getSettings(db, userId);
}
