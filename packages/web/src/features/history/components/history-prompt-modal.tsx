import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { formatEntryTime } from '../lib/format';
import type { HistoryEntry } from '../types';

/** SPEC §2 Generated-prompt viewer for a history entry: the prompt, copy and close. */
export function HistoryPromptModal({
  entry,
  onClose,
}: {
  entry: HistoryEntry | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!entry) return;
    try {
      await navigator.clipboard.writeText(entry.generatedPrompt);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast.success(t('history.prompt.copied'));
    } catch (error) {
      console.error(error);
      toast.error(t('history.prompt.copyFailed'));
    }
  };

  return (
    <Modal
      open={entry !== null}
      onClose={onClose}
      size="xl"
      title={t('history.prompt.title', {
        time: entry ? formatEntryTime(entry.timestamp, i18n.language) : '',
      })}
      footer={
        <>
          <span className="mr-auto self-center text-xs text-slate-500">
            {t('history.prompt.characters', {
              count: entry?.generatedPrompt.length ?? 0,
              formatted: new Intl.NumberFormat(i18n.language).format(
                entry?.generatedPrompt.length ?? 0,
              ),
            })}
          </span>
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={() => void copy()}>
            {copied ? (
              <Check className="size-4" aria-hidden />
            ) : (
              <Copy className="size-4" aria-hidden />
            )}
            {t('history.prompt.copy')}
          </Button>
        </>
      }
    >
      <pre
        aria-label={t('history.prompt.content')}
        className="max-h-[65vh] overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100"
      >
        {entry?.generatedPrompt}
      </pre>
    </Modal>
  );
}
