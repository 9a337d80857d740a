import { MAX_TOKENS } from '@promptloom/core';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { toast } from '../../../../lib/toast';
import { useWorkspaceUi } from '../../stores/ui-store';

/** SPEC §2 Generated-prompt viewer: the prompt, copy ('Prompt copié !') and close. */
export function PromptModal() {
  const { t } = useTranslation();
  const prompt = useWorkspaceUi((s) => s.generatedPrompt);
  const close = useWorkspaceUi((s) => s.closePrompt);
  const [copied, setCopied] = useState(false);
  const tokens = useWorkspaceUi((s) => s.generatedPromptTokens);

  const copy = async () => {
    if (prompt === null) return;
    try {
      await navigator.clipboard.writeText(prompt);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast.success(t('workspace.prompt.copied'));
    } catch (error) {
      console.error(error);
      toast.error(t('workspace.prompt.copyFailed'));
    }
  };

  return (
    <Modal
      open={prompt !== null}
      onClose={close}
      size="xl"
      title={t('workspace.prompt.title')}
      footer={
        <>
          <span className="mr-auto self-center text-xs text-slate-500">
            {t('workspace.tokens.count', {
              current: tokens.toLocaleString(),
              max: MAX_TOKENS.toLocaleString(),
            })}
            {' · '}
            {t('workspace.prompt.characters', { count: prompt?.length ?? 0 })}
          </span>
          <Button variant="secondary" onClick={close}>
            {t('common.close')}
          </Button>
          <Button onClick={() => void copy()}>
            {copied ? (
              <Check className="size-4" aria-hidden />
            ) : (
              <Copy className="size-4" aria-hidden />
            )}
            {t('workspace.prompt.copy')}
          </Button>
        </>
      }
    >
      <pre
        aria-label={t('workspace.prompt.content')}
        className="max-h-[65vh] overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100"
      >
        {prompt}
      </pre>
    </Modal>
  );
}
