import {
  DEFAULT_MODEL_CHOICE,
  DEFAULT_PROMPT_FORMAT,
  type Language,
  type ModelChoice,
  type PromptFormat,
  type ResolvedModel,
  resolveModel,
} from '@promptloom/core';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { type ProjectPromptState } from '../stores/prompt-state';
import { usePromptStore } from '../stores/prompt-store';
import { useSessionStore } from '../stores/session-store';

function choiceOf(state: Partial<ProjectPromptState> | undefined): ModelChoice {
  return {
    modelId: state?.modelId ?? DEFAULT_MODEL_CHOICE.modelId,
    answerReserve: state?.answerReserve ?? null,
    customContextWindow: state?.customContextWindow ?? DEFAULT_MODEL_CHOICE.customContextWindow,
    customTokenizer: state?.customTokenizer ?? DEFAULT_MODEL_CHOICE.customTokenizer,
  };
}

/** The stored choice of a project (the default when none), as plain fields. */
export function useModelChoice(project: string | null): ModelChoice {
  return usePromptStore(useShallow((s) => choiceOf(project ? s.projects[project] : undefined)));
}

/**
 * The open project's model: preset, budget (context window − reserve), tokenizer, exact,
 * reserve. The bar, the counting pipeline and the limits read it; it changes only when the
 * choice does (typing the request does not re-render its readers).
 */
export function useProjectModel(): ResolvedModel {
  const project = useSessionStore((s) => s.projectName);
  const choice = useModelChoice(project);
  return useMemo(() => resolveModel(choice), [choice]);
}

/** The same, read now without subscribing (for actions such as generate). */
export function readProjectModel(project: string | null): ResolvedModel {
  return resolveModel(choiceOf(project ? usePromptStore.getState().projects[project] : undefined));
}

/** The open project's prompt format (the original sections format by default). */
export function useProjectPromptFormat(): PromptFormat {
  const project = useSessionStore((s) => s.projectName);
  return usePromptStore(
    (s) => (project ? s.projects[project]?.promptFormat : undefined) ?? DEFAULT_PROMPT_FORMAT,
  );
}

/** The open project's chosen prompt language; null when it follows the interface's. */
export function useProjectPromptLanguage(): Language | null {
  const project = useSessionStore((s) => s.projectName);
  return usePromptStore((s) => (project ? s.projects[project]?.promptLanguage : undefined) ?? null);
}
