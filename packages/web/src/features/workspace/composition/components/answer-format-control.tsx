import {
  ANSWER_FORMAT_MODES,
  type AnswerFormatMode,
  DEFAULT_ANSWER_FORMAT,
  type PromptItem,
} from '@promptloom/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlockCost } from '../../counting';
import { useAnswerFormats } from '../../session';
import { useWithCost } from '../lib/with-cost';

const LABEL = {
  'whole-files': 'workspace.answerFormat.wholeFiles',
  'search-replace': 'workspace.answerFormat.searchReplace',
  'unified-diff': 'workspace.answerFormat.unifiedDiff',
} as const;

function useModeCost(mode: AnswerFormatMode): number | null {
  const item = useMemo<PromptItem>(
    () => ({ type: 'ANSWER_FORMAT', content: '', isActive: true, answerFormat: mode }),
    [mode],
  );
  return useBlockCost(item);
}

/**
 * The form one ANSWER_FORMAT instance asks the model to answer in (decision 047), each
 * option with what its instructions cost in the project's format, language and tokenizer.
 */
export function AnswerFormatControl({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const withCost = useWithCost();
  const id = useId();
  const mode = useAnswerFormats((s) => s.modes[instanceId]) ?? DEFAULT_ANSWER_FORMAT;
  const setMode = useAnswerFormats((s) => s.setMode);
  const costs: Record<AnswerFormatMode, number | null> = {
    'whole-files': useModeCost('whole-files'),
    'search-replace': useModeCost('search-replace'),
    'unified-diff': useModeCost('unified-diff'),
  };
  const label = (option: AnswerFormatMode) => withCost(t(LABEL[option]), costs[option]);
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <label htmlFor={`${id}-mode`}>{t('workspace.answerFormat.mode')}</label>
      <select
        id={`${id}-mode`}
        value={mode}
        onChange={(event) => setMode(instanceId, event.target.value as AnswerFormatMode)}
        className="rounded border border-slate-300 bg-white px-1.5 py-0.5"
      >
        {ANSWER_FORMAT_MODES.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
