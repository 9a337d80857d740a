import {
  DEFAULT_MODEL_CHOICE,
  DEFAULT_PROMPT_FORMAT,
  type Language,
  type ModelChoice,
  type PromptFormat,
} from '@promptloom/core';
import type { EntryModel } from '../lib/model-choice-of';

/** Composition item (working): the same block may appear twice under different instance ids. */
export interface CompositionItem {
  instanceId: string;
  blockId: string;
  isActive: boolean;
}

/**
 * Per-project prompt state, plus the loaded-composition marker, and (decision 019)
 * the model the prompt is counted for and the format it is written in.
 */
export interface ProjectPromptState extends ModelChoice {
  currentComposition: CompositionItem[];
  selectedFiles: string[];
  finalRequest: string;
  selectedCompositionId: string | null;
  promptFormat: PromptFormat;
  /** The language the prompt's fixed text is written in; null: the interface's. */
  promptLanguage: Language | null;
}

export const EMPTY_PROMPT_STATE: ProjectPromptState = {
  currentComposition: [],
  selectedFiles: [],
  finalRequest: '',
  selectedCompositionId: null,
  ...DEFAULT_MODEL_CHOICE,
  promptFormat: DEFAULT_PROMPT_FORMAT,
  promptLanguage: null,
};

export type RestorableState = Pick<
  ProjectPromptState,
  'currentComposition' | 'selectedFiles' | 'finalRequest'
> & {
  /** The model and format the entry was counted for (absent on entries older than models). */
  model?: EntryModel;
};

export type ClearedState = Pick<
  ProjectPromptState,
  'currentComposition' | 'finalRequest' | 'selectedCompositionId'
>;

export const PROMPT_STORAGE_KEY = 'promptloom.prompt-state';
/** 2: model choice and prompt format per project; 3: prompt language per project. */
export const PROMPT_STORE_VERSION = 3;

/**
 * Brings a stored state of an older version up to date: every project gets the fields
 * added since, with the defaults (model and format), keeping what it had.
 */
export function migratePromptState(
  stored: unknown,
  _version: number,
): { projects: Record<string, ProjectPromptState> } {
  const projects: Record<string, ProjectPromptState> = {};
  const old = (stored as { projects?: Record<string, Partial<ProjectPromptState>> } | null)
    ?.projects;
  for (const [name, state] of Object.entries(old ?? {})) {
    projects[name] = { ...EMPTY_PROMPT_STATE, ...state };
  }
  return { projects };
}
