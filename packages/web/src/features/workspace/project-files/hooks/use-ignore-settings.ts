import { useMemo } from 'react';
import { useSettings } from '../../../ignore-patterns';

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
