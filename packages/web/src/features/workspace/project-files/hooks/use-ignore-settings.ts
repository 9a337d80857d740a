import { CORE_SYSTEM_IGNORE_PATTERNS } from '@promptloom/core';
import { useMemo } from 'react';
import { useSettings } from '../../../ignore-patterns';
import type { WalkRules } from '#web/workers/folder-listing-protocol.ts';

/**
 * The two pattern lists the scan applies before the project's .gitignore files. A failed
 * settings request still lets the scan run, with the built-in core list and no global ones.
 */
export function useIgnoreSettings() {
  const { data, isError, isSuccess } = useSettings();
  return useMemo(() => {
    const corePatterns = data?.coreSystemIgnorePatterns;
    const globalPatterns = data?.globalIgnorePatterns ?? [];
    return {
      ready: isSuccess || isError,
      corePatterns,
      globalPatterns,
      /** Part of the tree's query key: saving new patterns rescans. */
      key: JSON.stringify([corePatterns ?? null, globalPatterns]),
    };
  }, [data, isError, isSuccess]);
}

/** The rules a scan applies before the project's .gitignore files (the worker's walk too). */
export function scanRules(
  settings: { corePatterns?: readonly string[]; globalPatterns: readonly string[] },
  ignoreCase: boolean,
): WalkRules {
  return {
    corePatterns: settings.corePatterns ?? CORE_SYSTEM_IGNORE_PATTERNS,
    globalPatterns: settings.globalPatterns,
    ignoreCase,
  };
}
