import { FALLBACK_LANGUAGE, type Language, LANGUAGES } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { useChangesSource, useConnectionStore, useFileTree } from '../../project-files';
import {
  modesOf,
  useAnswerFormats,
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
 * request is left out on purpose: a reader of it re-renders on every keystroke (the request
 * counts through useSettledRequest; actions read it with readFinalRequest).
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
  const answerFormats = useAnswerFormats((s) => s.modes);
  const language = usePromptLanguage();
  const previousPrompt = useChangesSource((s) =>
    projectName ? (s.prompts[projectName] ?? null) : null,
  );
  const modes = useProjectModes(projectName);
  const fileModes = useMemo(() => modesOf(modes, selectedFiles), [modes, selectedFiles]);
  return {
    budget,
    fileModes,
    format,
    structureModes,
    answerFormats,
    language,
    previousPrompt,
    composition,
    blocksById,
    selectedFiles,
    mode,
    projectName,
    provider,
    tree,
  };
}

/** The UI language, as the blocks that write prose into the prompt speak it. */
export function usePromptLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(language)
    ? (language as Language)
    : FALLBACK_LANGUAGE;
}
