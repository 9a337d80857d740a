import {
  DEFAULT_STRUCTURE_BUDGET,
  estimateTokens,
  renderStructure,
  STRUCTURE_BUDGET_SHARE,
  type StructureContext,
  type StructureMode,
} from '@promptloom/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileTree } from '../../hooks/use-file-tree';
import { useFormatNumber } from '../../../../lib/format';
import { useProjectSelectedFiles } from '../../stores/prompt-store';
import { useSessionStore } from '../../stores/session-store';
import { useStructureModes } from '../../stores/structure-modes';
import type { ProjectTree } from '../../hooks/use-file-tree';

const KINDS = ['auto', 'whole', 'selected', 'folders'] as const;
const DEFAULT_DEPTH = 2;

function context(tree: ProjectTree, selectedFiles: readonly string[]): StructureContext {
  return {
    root: tree.root,
    fileCount: tree.index.filePaths.length,
    selectedFiles: selectedFiles.filter((p) => tree.index.fileSet.has(p)),
    budget: DEFAULT_STRUCTURE_BUDGET,
  };
}

function modeOf(kind: (typeof KINDS)[number], depth: number): StructureMode {
  return kind === 'folders' ? { kind, depth } : { kind };
}

/**
 * The mode of one PROJECT_STRUCTURE instance (decision 031), each option with what it
 * would cost (an estimate, ≈), so the user sees what "whole project" means on a big tree.
 */
export function StructureModeControl({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const id = useId();
  const projectName = useSessionStore((s) => s.projectName);
  const selectedFiles = useProjectSelectedFiles(projectName ?? '');
  const tree = useFileTree().data;
  const mode = useStructureModes((s) => s.modes[instanceId]) ?? { kind: 'auto' };
  const setMode = useStructureModes((s) => s.setMode);
  const depth = mode.kind === 'folders' ? mode.depth : DEFAULT_DEPTH;

  // The whole tree is rendered once per tree, not on every selection change.
  const wholeCost = useMemo(
    () => (tree ? estimateTokens(renderStructure({ kind: 'whole' }, context(tree, []))) : 0),
    [tree],
  );
  const selectedCost = useMemo(
    () =>
      tree
        ? estimateTokens(renderStructure({ kind: 'selected' }, context(tree, selectedFiles)))
        : 0,
    [tree, selectedFiles],
  );
  const foldersCost = useMemo(
    () =>
      tree ? estimateTokens(renderStructure({ kind: 'folders', depth }, context(tree, []))) : 0,
    [tree, depth],
  );
  const autoResolved =
    wholeCost > STRUCTURE_BUDGET_SHARE * DEFAULT_STRUCTURE_BUDGET ? 'selected' : 'whole';
  const costs = tree
    ? {
        auto: autoResolved === 'whole' ? wholeCost : selectedCost,
        autoResolved,
        whole: wholeCost,
        selected: selectedCost,
        folders: foldersCost,
      }
    : null;

  const label = (kind: (typeof KINDS)[number]) => {
    const name =
      kind === 'auto' && costs
        ? t('workspace.structure.auto', {
            resolved: t(
              costs.autoResolved === 'whole'
                ? 'workspace.structure.whole'
                : 'workspace.structure.selected',
            ),
          })
        : kind === 'folders'
          ? t('workspace.structure.folders', { depth })
          : t(kind === 'whole' ? 'workspace.structure.whole' : 'workspace.structure.selected');
    return costs ? t('workspace.structure.withCost', { name, tokens: format(costs[kind]) }) : name;
  };

  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <label htmlFor={`${id}-mode`}>{t('workspace.structure.mode')}</label>
      <select
        id={`${id}-mode`}
        value={mode.kind}
        onChange={(event) =>
          setMode(instanceId, modeOf(event.target.value as (typeof KINDS)[number], depth))
        }
        className="rounded border border-slate-300 bg-white px-1.5 py-0.5"
      >
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {label(kind)}
          </option>
        ))}
      </select>
      {mode.kind === 'folders' && (
        <>
          <label htmlFor={`${id}-depth`}>{t('workspace.structure.depth')}</label>
          <input
            id={`${id}-depth`}
            type="number"
            min={1}
            max={20}
            value={depth}
            onChange={(event) =>
              setMode(instanceId, {
                kind: 'folders',
                depth: Math.max(1, Number(event.target.value) || 1),
              })
            }
            className="w-14 rounded border border-slate-300 px-1.5 py-0.5"
          />
        </>
      )}
    </div>
  );
}
