import { PromptViewerModal } from '../../../../components/ui/prompt-viewer-modal';
import { useTranslation } from 'react-i18next';
import { modelLabel } from '../../lib/model-label';
import { useWorkspaceUi } from '../../stores/ui-store';
import { SecretWarningDialog } from '../secrets/secret-warning-dialog';

/**
 * The workspace's generated-prompt viewer, open while the UI store holds a prompt, and the
 * secret warning that comes before it.
 */
export function PromptModal() {
  const { t } = useTranslation();
  const prompt = useWorkspaceUi((s) => s.generatedPrompt);
  const tokens = useWorkspaceUi((s) => s.generatedPromptTokens);
  const model = useWorkspaceUi((s) => s.generatedPromptModel);
  const close = useWorkspaceUi((s) => s.closePrompt);
  return (
    <>
      <SecretWarningDialog />
      <PromptViewerModal
        open={prompt !== null}
        prompt={prompt ?? ''}
        tokens={tokens}
        model={model ? { ...model, label: modelLabel(t, model) } : undefined}
        onClose={close}
      />
    </>
  );
}
