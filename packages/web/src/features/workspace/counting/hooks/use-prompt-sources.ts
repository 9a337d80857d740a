import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@promptloom/core';
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
  useProjectPromptLanguage,
  useProjectSelectedFiles,
  useSessionStore,
  useStructureModes,
} from '../../session';
import { useMemo } from 'react';
import { useShallowStable } from '#web/lib/use-shallow-stable.ts';
import type { PromptSources } from '../lib/prompt-input';

/**
 * Everything the prompt is built from but the request, as the workspace holds it now, as one
 * memoised object (a new one only when one of its parts changes). The
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
  // One object while nothing in it changes: a count or a cost can depend on it as a whole.
  return useShallowStable({
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
  });
}

/** The interface's language, as the app supports it (the fallback otherwise). */
export function useInterfaceLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}

/**
 * The language the prompt's fixed text (answer format, changes, the date) is written in: the
 * project's chosen prompt language, else the interface's.
 */
export function usePromptLanguage(): Language {
  const interfaceLanguage = useInterfaceLanguage();
  return useProjectPromptLanguage() ?? interfaceLanguage;
}
