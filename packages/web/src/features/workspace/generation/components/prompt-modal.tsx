import { PromptViewerModal } from '#web/components/ui/prompt-viewer-modal.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { modelLabel } from '../../session';
import { usePromptView } from '../stores/prompt-view-store';
import { SecretWarningDialog } from './secret-warning-dialog';

/**
 * The workspace's generated-prompt viewer, open while the UI store holds a prompt, and the
 * secret warning that comes before it. `actions` go in the viewer's footer (the shell puts
 * "Apply answer" there: the apply room sits above this one).
 */
export function PromptModal({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const prompt = usePromptView((s) => s.generatedPrompt);
  const tokens = usePromptView((s) => s.generatedPromptTokens);
  const model = usePromptView((s) => s.generatedPromptModel);
  const close = usePromptView((s) => s.closePrompt);
  return (
    <>
      <SecretWarningDialog />
      <PromptViewerModal
        open={prompt !== null}
        prompt={prompt ?? ''}
        tokens={tokens}
        model={model ? { ...model, label: modelLabel(t, model) } : undefined}
        onClose={close}
        actions={actions}
      />
    </>
  );
}
