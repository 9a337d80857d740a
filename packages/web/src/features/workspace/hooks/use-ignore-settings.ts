import { CORE_SYSTEM_IGNORE_PATTERNS } from '@promptloom/core';

/** TEMPORARY until features/ignore-patterns exports useSettings(): core list only. */
export function useIgnoreSettings() {
  return {
    ready: true,
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
    globalPatterns: [] as string[],
    key: 'core',
  };
}
