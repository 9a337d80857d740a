import type { PromptItem } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#web/lib/format.ts';
import { useBlockCost, usePromptSources } from '../../counting';
import { useWithCost } from '../lib/with-cost';

const ITEM: PromptItem = { type: 'CHANGES_SINCE_LAST_PROMPT', content: '', isActive: true };

/**
 * What a CHANGES_SINCE_LAST_PROMPT block compares with (the project's last prompt) and what
 * its diff costs now (decision 047).
 */
export function ChangesCost() {
  const { t, i18n } = useTranslation();
  const withCost = useWithCost();
  const { previousPrompt } = usePromptSources();
  const cost = useBlockCost(ITEM);
  const since = previousPrompt
    ? t('workspace.changesBlock.since', {
        time: formatDateTime(new Date(previousPrompt.at), i18n.language),
      })
    : t('workspace.changesBlock.noPrompt');
  return <p className="text-xs text-slate-600">{withCost(since, cost)}</p>;
}
