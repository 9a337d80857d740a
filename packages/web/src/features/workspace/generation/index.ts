/** The generation room's public surface: other rooms import it only from here. */
export { GenerateButton } from './components/generate-button';
export { PromptModal } from './components/prompt-modal';
export { useGeneratePrompt } from './hooks/use-generate-prompt';
export { usePromptView } from './stores/prompt-view-store';
