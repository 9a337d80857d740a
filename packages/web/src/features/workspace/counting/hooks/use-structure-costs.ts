import {
  AUTO_STRUCTURE,
  resolveStructureMode,
  type StructureMode,
  type TokenizerId,
} from '@promptloom/core';
import { useCallback, useMemo } from 'react';
import { structureCost } from '../lib/structure-costs';
import { useCostAfterCount } from './use-cost-after-count';
import { useConnectionStore, useFileTree } from '../../project-files';
import {
  useProjectModel,
  useProjectPromptFormat,
  useProjectSelectedFiles,
  useSessionStore,
} from '../../session';

export interface StructureCosts {
  /**
   * What auto renders now: the whole tree within 5 % of the budget, else the selected
   * files, else the folders that hold them.
   */
  autoResolved: 'whole' | 'selected' | 'selected-folders';
  /** Exact tokens per mode (null while counting). */
  auto: number | null;
  whole: number | null;
  selected: number | null;
  folders: number | null;
}

/** Counts one mode's block again whenever what it renders from changes. */
function useModeCost(
  mode: StructureMode,
  sources: Parameters<typeof structureCost>[0] | null,
  tokenizerId: TokenizerId,
): number | null {
  const count = useCallback(
    (from: Parameters<typeof structureCost>[0], isStale: () => boolean) =>
      structureCost(from, mode, tokenizerId, isStale),
    [mode, tokenizerId],
  );
  return useCostAfterCount(sources, count, 'Structure cost skipped');
}

/**
 * What each PROJECT_STRUCTURE mode costs, exactly, in the open project (decision 031):
 * rendered in the project's format and counted with its model's tokenizer; auto decides
 * against the project model's budget. The whole tree and the folders are counted once per
 * tree, the selected files again when the selection changes.
 */
export function useStructureCosts(depth: number): StructureCosts | null {
  const projectName = useSessionStore((s) => s.projectName);
  const mode = useSessionStore((s) => s.sessionMode);
  const provider = useConnectionStore((s) => s.provider);
  const selectedFiles = useProjectSelectedFiles(projectName ?? '');
  const tree = useFileTree().data;
  const format = useProjectPromptFormat();
  const { budget, tokenizer } = useProjectModel();

  const base = useMemo(
    () =>
      tree && provider && projectName
        ? { mode, projectName, provider, tree, format, budget, selectedFiles: [] as string[] }
        : null,
    [mode, projectName, provider, tree, format, budget],
  );
  const withSelection = useMemo(
    () => (base ? { ...base, selectedFiles } : null),
    [base, selectedFiles],
  );
  const folders = useMemo<StructureMode>(() => ({ kind: 'folders', depth }), [depth]);
  const autoResolved = useMemo(() => {
    if (!tree) return 'whole' as const;
    const resolved = resolveStructureMode(AUTO_STRUCTURE, {
      root: tree.root,
      fileCount: tree.index.filePaths.length,
      selectedFiles: selectedFiles.filter((p) => tree.index.fileSet.has(p)),
      budget,
    });
    return resolved.kind === 'selected' || resolved.kind === 'selected-folders'
      ? resolved.kind
      : ('whole' as const);
  }, [tree, budget, selectedFiles]);

  const auto = useModeCost(AUTO_STRUCTURE, withSelection, tokenizer);
  const whole = useModeCost(WHOLE, base, tokenizer);
  const selected = useModeCost(SELECTED, withSelection, tokenizer);
  const foldersCost = useModeCost(folders, base, tokenizer);
  if (!tree) return null;
  return { autoResolved, auto, whole, selected, folders: foldersCost };
}

const WHOLE: StructureMode = { kind: 'whole' };
const SELECTED: StructureMode = { kind: 'selected' };
