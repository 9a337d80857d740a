import type { AccountExport } from '../contract/account';
import {
  parseIgnoreCategories,
  mergeIgnoreTemplate,
  serializeIgnoreCategories,
  findIgnoreLinesIssue,
  countIgnorePatterns,
} from '../ignore/categories';
import type { QuotaUsage } from '../quotas/quotas';

/** Characters as PostgreSQL's char_length counts them (code points), like the quota. */
const chars = (value: string | null): number => {
  let count = 0;
  for (const _ of value ?? '') count += 1;
  return count;
};

/**
 * What importing `file` adds to an account, in the units of QUOTAS (decision 060): its
 * blocks but the system ones (the account has its own), its compositions, and their text as
 * the stored-text quota counts it. Shared items are never re-created, so they add nothing.
 */
export function accountImportUsage(
  file: Pick<AccountExport, 'blocks' | 'compositions'>,
): QuotaUsage {
  const blocks = file.blocks.filter((block) => !block.isSystemBlock);
  const blockChars = blocks.reduce(
    (sum, b) => sum + chars(b.name) + chars(b.description) + chars(b.content) + chars(b.category),
    0,
  );
  const compositionChars = file.compositions.reduce((sum, c) => sum + chars(c.name), 0);
  return {
    blocks: blocks.length,
    compositions: file.compositions.length,
    sharedItems: 0,
    storedChars: blockChars + compositionChars,
  };
}

/** Two usages added up, figure by figure. */
export const addUsage = (a: QuotaUsage, b: QuotaUsage): QuotaUsage => ({
  blocks: a.blocks + b.blocks,
  compositions: a.compositions + b.compositions,
  sharedItems: a.sharedItems + b.sharedItems,
  storedChars: a.storedChars + b.storedChars,
});

/**
 * The account's ignore patterns with the file's merged in, category by category (as a
 * template's MERGE does): nothing of the account's own is lost. Null when the merged list
 * would break the list's rules (too many lines).
 */
export function mergeImportedIgnorePatterns(
  current: readonly string[],
  imported: readonly string[],
): { lines: string[]; added: number } | null {
  const before = parseIgnoreCategories(current);
  const merged = mergeIgnoreTemplate(before, parseIgnoreCategories(imported));
  const lines = serializeIgnoreCategories(merged);
  if (findIgnoreLinesIssue(lines)) return null;
  return { lines, added: countIgnorePatterns(merged) - countIgnorePatterns(before) };
}
