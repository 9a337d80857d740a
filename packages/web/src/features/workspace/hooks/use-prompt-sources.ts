import { useConnectionStore } from '../stores/connection-store';
import { useProjectPrompt } from '../stores/prompt-store';
import { useSessionStore } from '../stores/session-store';
import type { PromptSources } from '../lib/prompt-input';
import { useFileTree } from './use-file-tree';
import { useLibraryData } from './use-library-data';

/** Everything the prompt is built from, as the workspace holds it now. */
export function usePromptSources(): PromptSources {
  const projectName = useSessionStore((s) => s.projectName);
  const mode = useSessionStore((s) => s.sessionMode);
  const provider = useConnectionStore((s) => s.provider);
  const prompt = useProjectPrompt(projectName);
  const { blocksById } = useLibraryData();
  const tree = useFileTree().data;
  return {
    composition: prompt.currentComposition,
    blocksById,
    finalRequest: prompt.finalRequest,
    selectedFiles: prompt.selectedFiles,
    mode,
    projectName,
    provider,
    tree,
  };
}
