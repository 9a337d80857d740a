import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  parseIgnoreCategories,
  serializeIgnoreCategories,
  type SettingsResponse,
} from '@promptloom/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { compositions, userSettings } from '../../db/schema';
import { notFound } from '../../http-error';
import { getSystemAuthorId } from '../shared-items/system-author';

async function readOwnSettings(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      patterns: userSettings.globalIgnorePatterns,
      defaultCompositionId: userSettings.defaultCompositionId,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // A user who never saved has an empty list (the core system patterns still apply) and the
  // built-in default composition.
  return { patterns: row?.patterns ?? [], defaultCompositionId: row?.defaultCompositionId ?? null };
}

export async function getSettings(db: DbOrTx, userId: string): Promise<SettingsResponse> {
  const [own, systemAuthorId] = await Promise.all([
    readOwnSettings(db, userId),
    getSystemAuthorId(db),
  ]);
  return {
    coreSystemIgnorePatterns: [...CORE_SYSTEM_IGNORE_PATTERNS],
    globalIgnorePatterns: own.patterns,
    systemAuthorId,
    defaultCompositionId: own.defaultCompositionId,
  };
}

/**
 * The composition new projects start with: one of the user's own (404 for any other, as
 * for a composition they do not own), or null for the built-in one. The foreign key sets it
 * back to null when that composition is deleted.
 */
export async function setDefaultComposition(
  db: DbOrTx,
  userId: string,
  compositionId: string | null,
  now: Date,
): Promise<SettingsResponse> {
  await db.transaction(async (tx) => {
    if (compositionId !== null) {
      // Locked until the write: a delete of that composition meanwhile waits, then sets null.
      const [own] = await tx
        .select({ id: compositions.id })
        .from(compositions)
        .where(and(eq(compositions.id, compositionId), eq(compositions.userId, userId)))
        .for('key share');
      if (!own) throw notFound('COMPOSITION_NOT_FOUND');
    }
    await tx
      .insert(userSettings)
      .values({ userId, defaultCompositionId: compositionId, updatedAt: now })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { defaultCompositionId: compositionId, updatedAt: now },
      });
  });
  return getSettings(db, userId);
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
