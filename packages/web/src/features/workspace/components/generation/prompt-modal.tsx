import { PromptViewerModal } from '../../../../components/ui/prompt-viewer-modal';
import { useWorkspaceUi } from '../../stores/ui-store';

/** The workspace's generated-prompt viewer, open while the UI store holds a prompt. */
export function PromptModal() {
  const prompt = useWorkspaceUi((s) => s.generatedPrompt);
  const tokens = useWorkspaceUi((s) => s.generatedPromptTokens);
  const close = useWorkspaceUi((s) => s.closePrompt);
  return (
    <PromptViewerModal
      open={prompt !== null}
      prompt={prompt ?? ''}
      tokens={tokens}
      onClose={close}
    />
  );
}
