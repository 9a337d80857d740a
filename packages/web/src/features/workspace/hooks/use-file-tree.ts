import {
  buildTreeIndex,
  CACHE,
  CORE_SYSTEM_IGNORE_PATTERNS,
  scanProject,
  type ScanResult,
  type TreeIndex,
} from '@promptloom/core';
import { useQuery } from '@tanstack/react-query';
import { useIgnoreSettings } from './use-ignore-settings';
import { useConnectionStore } from '../stores/connection-store';
import { useSessionStore } from '../stores/session-store';
import { useWorkspaceUi } from '../stores/ui-store';
import { WORKSPACE_QUERY_KEY } from './query-keys';

export interface ProjectTree extends ScanResult {
  index: TreeIndex;
}

export const treeQueryKey = (projectName: string | null, providerId: number) =>
  [...WORKSPACE_QUERY_KEY, 'tree', projectName, providerId] as const;

/**
 * The filtered project tree (SPEC §5 ignore rules: core system, then the user's global
 * patterns, then the project's .gitignore files), cached 5 minutes (SPEC §9).
 */
export function useFileTree() {
  const provider = useConnectionStore((s) => s.provider);
  const providerId = useConnectionStore((s) => s.providerId);
  const projectName = useSessionStore((s) => s.projectName);
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const settings = useIgnoreSettings();

  return useQuery({
    queryKey: [...treeQueryKey(projectName, providerId), settings.key] as const,
    enabled: isProject && !!provider && !!projectName && settings.ready,
    staleTime: CACHE.fileStructureMs,
    gcTime: CACHE.fileStructureMs,
    retry: false,
    queryFn: async ({ signal }): Promise<ProjectTree> => {
      if (!provider || !projectName) throw new Error('No project');
      const result = await scanProject(provider, projectName, {
        corePatterns: settings.corePatterns ?? CORE_SYSTEM_IGNORE_PATTERNS,
        globalPatterns: settings.globalPatterns,
        signal,
        onProgress: (scannedFiles) => useWorkspaceUi.setState({ scannedFiles }),
      });
      return { ...result, index: buildTreeIndex(result.root) };
    },
  });
}
