import { useConnectionStore, useFileTree } from '../../project-files';
import {
  modesOf,
  useLibraryData,
  useProjectComposition,
  useProjectModel,
  useProjectModes,
  useProjectPromptFormat,
  useProjectSelectedFiles,
  useSessionStore,
  useStructureModes,
} from '../../session';
import { useMemo } from 'react';
import type { PromptSources } from '../lib/prompt-input';

/**
 * Everything the prompt is built from but the request, as the workspace holds it now. The
 * request is left out on purpose: its readers re-render on every keystroke
 * (useProjectFinalRequest; readFinalRequest in actions).
 */
export function usePromptSources(): Omit<PromptSources, 'finalRequest'> {
  const projectName = useSessionStore((s) => s.projectName);
  const mode = useSessionStore((s) => s.sessionMode);
  const provider = useConnectionStore((s) => s.provider);
  const composition = useProjectComposition(projectName);
  const selectedFiles = useProjectSelectedFiles(projectName);
  const { blocksById } = useLibraryData();
  const tree = useFileTree().data;
  const format = useProjectPromptFormat();
  const { budget } = useProjectModel();
  const structureModes = useStructureModes((s) => s.modes);
  const modes = useProjectModes(projectName);
  const fileModes = useMemo(() => modesOf(modes, selectedFiles), [modes, selectedFiles]);
  return {
    budget,
    fileModes,
    format,
    structureModes,
    composition,
    blocksById,
    selectedFiles,
    mode,
    projectName,
    provider,
    tree,
  };
}
