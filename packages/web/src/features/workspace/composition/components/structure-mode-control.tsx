import type { StructureMode } from '@promptloom/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStructureCosts } from '../../counting';
import { useStructureModes } from '../../session';
import { useWithCost } from '../lib/with-cost';

const KINDS = ['auto', 'whole', 'selected', 'folders'] as const;
const DEFAULT_DEPTH = 2;
const RESOLVED_LABEL = {
  whole: 'workspace.structure.whole',
  selected: 'workspace.structure.selected',
  'selected-folders': 'workspace.structure.selectedFolders',
} as const;

function modeOf(kind: (typeof KINDS)[number], depth: number): StructureMode {
  return kind === 'folders' ? { kind, depth } : { kind };
}

/**
 * The mode of one PROJECT_STRUCTURE instance (decision 031), each option with exactly what
 * it would cost (the project's format and tokenizer), so the user sees what "whole
 * project" means on a big tree. Auto follows 5 % of the project model's budget.
 */
export function StructureModeControl({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const withCost = useWithCost();
  const id = useId();
  const mode = useStructureModes((s) => s.modes[instanceId]) ?? { kind: 'auto' };
  const setMode = useStructureModes((s) => s.setMode);
  const depth = mode.kind === 'folders' ? mode.depth : DEFAULT_DEPTH;
  const costs = useStructureCosts(depth);
  const costOf = (kind: (typeof KINDS)[number]): number | null | undefined => {
    if (!costs) return undefined;
    return costs[kind];
  };

  const label = (kind: (typeof KINDS)[number]) => {
    const name =
      kind === 'auto' && costs
        ? t('workspace.structure.auto', {
            resolved: t(RESOLVED_LABEL[costs.autoResolved]),
          })
        : kind === 'folders'
          ? t('workspace.structure.folders', { depth })
          : t(kind === 'whole' ? 'workspace.structure.whole' : 'workspace.structure.selected');
    const cost = costOf(kind);
    return cost === undefined ? name : withCost(name, cost);
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
