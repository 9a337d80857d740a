import { MAX_TOKENS } from '@promptloom/core';
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Button } from './button';
import { Modal } from './modal';

/** How long the Copy button shows its check mark after a copy. */
const COPIED_FEEDBACK_MS = 2000;

export interface PromptViewerModalProps {
  open: boolean;
  prompt: string;
  /** The prompt's token count, shown against the model's budget in the footer. */
  tokens: number;
  /** The model it was counted for; without one, the default cl100k_base against MAX_TOKENS. */
  model?: { label: string; exact: boolean; budget: number };
  onClose: () => void;
  /** Defaults to 'Generated prompt' (the e2e tests find the dialog by that name). */
  title?: string;
  /** More buttons, before Close. */
  actions?: ReactNode;
}

/**
 * Generated-prompt viewer: the prompt, its token and character counts, copy
 * ('Prompt copié !') and close. Presentational: the caller owns what is shown and when.
 */
export function PromptViewerModal({
  open,
  prompt,
  tokens,
  model,
  onClose,
  title,
  actions,
}: PromptViewerModalProps) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopied(true);
      toast.success(t('promptViewer.copied'));
    } catch (error) {
      console.error(error);
      toast.error(t('promptViewer.copyFailed'));
    }
  };

  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title={title ?? t('promptViewer.title')}
      footer={
        <>
          {/* Above the stacked buttons on a phone; on the left of their row when wider. */}
          <span className="text-xs text-slate-500 sm:mr-auto">
            <span data-testid="prompt-token-count">
              {model && !model.exact && <span title={t('workspace.model.estimateTitle')}>≈ </span>}
              {t('promptViewer.tokens', {
                current: format(tokens),
                max: format(model?.budget ?? MAX_TOKENS),
              })}
            </span>
            {model && ` · ${model.label}`}
            {' · '}
            {t('promptViewer.characters', {
              count: prompt.length,
              formatted: format(prompt.length),
            })}
          </span>
          {actions}
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          {/* Copy is what the viewer is opened for: Enter copies, Escape closes. */}
          <Button data-initial-focus onClick={() => void copy()}>
            {copied ? (
              <Check className="size-4" aria-hidden />
            ) : (
              <Copy className="size-4" aria-hidden />
            )}
            {t('promptViewer.copy')}
          </Button>
        </>
      }
    >
      {/* Focusable, so a keyboard can scroll a prompt longer than the dialog. A dark panel in
          both themes (`dark:` names the flipped palette): flipped, it would be a white slab. */}
      <pre
        aria-label={t('promptViewer.content')}
        tabIndex={0}
        className="max-h-[65vh] overflow-auto rounded-lg bg-slate-900 p-4 dark:bg-slate-50 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-100 dark:text-slate-800"
      >
        {prompt}
      </pre>
    </Modal>
  );
}
