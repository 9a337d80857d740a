import { useTranslation } from 'react-i18next';
import { PromptViewerModal } from '../../../components/ui/prompt-viewer-modal';
import { modelLabel } from '../../workspace';
import { formatEntryTime } from '../lib/format';
import type { HistoryEntry } from '../types';

/** The generated-prompt viewer for a history entry, titled with the entry's time. */
export function HistoryPromptModal({
  entry,
  onClose,
}: {
  entry: HistoryEntry | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <PromptViewerModal
      open={entry !== null}
      prompt={entry?.generatedPrompt ?? ''}
      tokens={entry?.totalTokens ?? 0}
      model={entry?.model ? { ...entry.model, label: modelLabel(t, entry.model) } : undefined}
      onClose={onClose}
      title={t('history.prompt.title', {
        time: entry ? formatEntryTime(entry.timestamp, i18n.language) : '',
      })}
    />
  );
}
