import type { ErrorCode } from '../contract/errors';
import { QUOTAS } from '../limits';

/** What one user holds, in the units of QUOTAS. */
export interface QuotaUsage {
  blocks: number;
  compositions: number;
  sharedItems: number;
  storedChars: number;
}

export type QuotaCode = Extract<
  ErrorCode,
  'QUOTA_BLOCKS' | 'QUOTA_COMPOSITIONS' | 'QUOTA_SHARED_ITEMS' | 'QUOTA_STORED_TEXT'
>;

const CHECKS: readonly { key: keyof QuotaUsage; code: QuotaCode; status: 409 | 413 }[] = [
  { key: 'blocks', code: 'QUOTA_BLOCKS', status: 409 },
  { key: 'compositions', code: 'QUOTA_COMPOSITIONS', status: 409 },
  { key: 'sharedItems', code: 'QUOTA_SHARED_ITEMS', status: 409 },
  { key: 'storedChars', code: 'QUOTA_STORED_TEXT', status: 413 },
];

/** The limit each quota code names (the web app puts it in the translated message). */
export const QUOTA_LIMITS: Record<QuotaCode, number> = Object.fromEntries(
  CHECKS.map(({ key, code }) => [code, QUOTAS[key]]),
) as Record<QuotaCode, number>;

/**
 * The quota a write passes, given the usage before and after it, or null when it stays
 * within every limit. A write is refused only when it grows a figure past its limit: one
 * that shrinks or keeps a figure already over (limits lowered later) still goes through, so
 * a user over a limit can always edit down and delete. Counts answer 409, text 413.
 */
export function quotaExceeded(
  before: QuotaUsage,
  after: QuotaUsage,
  limits: QuotaUsage = QUOTAS,
): { code: QuotaCode; status: 409 | 413 } | null {
  for (const { key, code, status } of CHECKS) {
    if (after[key] > limits[key] && after[key] > before[key]) return { code, status };
  }
  return null;
}
