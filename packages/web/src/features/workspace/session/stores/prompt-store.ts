import type { Language, ModelChoice, PromptFormat } from '@promptloom/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { debouncedJSONStorage } from '#web/lib/debounced-storage.ts';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';
import { modelChoiceOf } from '../lib/model-choice-of';
import {
  EMPTY_PROMPT_STATE,
  PROMPT_STORAGE_KEY,
  PROMPT_STORE_VERSION,
  migratePromptState,
  type ClearedState,
  type CompositionItem,
  type ProjectPromptState,
  type RestorableState,
} from './prompt-state';

interface PromptStore {
  projects: Record<string, ProjectPromptState>;
  addBlock: (project: string, blockId: string) => void;
  /** A new instance of the block at `index` of the composition. */
  insertBlock: (project: string, blockId: string, index: number) => void;
  removeInstance: (project: string, instanceId: string) => void;
  /** After a block is deleted: drop its instances in one project, or in all when project is omitted. */
  removeBlockEverywhere: (blockId: string, project?: string) => void;
  reorder: (project: string, from: number, to: number) => void;
  toggleActive: (project: string, instanceId: string) => void;
  clearComposition: (project: string) => void;
  /** Undo of Clear: the composition, its loaded marker and the request as they were. */
  undoClear: (project: string, cleared: ClearedState) => void;
  replaceComposition: (project: string, blockIds: string[]) => void;
  loadComposition: (project: string, compositionId: string, blockIds: string[]) => void;
  /** After saving: the composition now matches a saved one. */
  markComposition: (project: string, compositionId: string | null) => void;
  setSelectedFiles: (project: string, paths: string[]) => void;
  setFinalRequest: (project: string, text: string) => void;
  /** Another model: its own answer reserve applies again. */
  setModel: (project: string, modelId: string) => void;
  /** null: back to the preset's reserve. */
  setAnswerReserve: (project: string, reserve: number | null) => void;
  setCustomModel: (
    project: string,
    custom: Partial<Pick<ModelChoice, 'customContextWindow' | 'customTokenizer'>>,
  ) => void;
  setPromptFormat: (project: string, format: PromptFormat) => void;
  /** null: the prompt follows the interface's language again. */
  setPromptLanguage: (project: string, language: Language | null) => void;
  /** Restores a history entry's composition, files, request, model and format. */
  restore: (project: string, state: RestorableState) => void;
  dropProject: (project: string) => void;
  reset: () => void;
}

export function newInstance(blockId: string): CompositionItem {
  return { instanceId: crypto.randomUUID(), blockId, isActive: true };
}

function update(
  projects: Record<string, ProjectPromptState>,
  project: string,
  change: (state: ProjectPromptState) => Partial<ProjectPromptState>,
): { projects: Record<string, ProjectPromptState> } {
  const current = projects[project] ?? EMPTY_PROMPT_STATE;
  return { projects: { ...projects, [project]: { ...current, ...change(current) } } };
}

export const usePromptStore = create<PromptStore>()(
  persist(
    (set) => ({
      projects: {},
      addBlock: (project, blockId) =>
        set((s) =>
          update(s.projects, project, (p) => ({
            currentComposition: [...p.currentComposition, newInstance(blockId)],
            selectedCompositionId: null,
          })),
        ),
      insertBlock: (project, blockId, index) =>
        set((s) =>
          update(s.projects, project, (p) => {
            const items = [...p.currentComposition];
            items.splice(index, 0, newInstance(blockId));
            return { currentComposition: items, selectedCompositionId: null };
          }),
        ),
      removeInstance: (project, instanceId) =>
        set((s) =>
          update(s.projects, project, (p) => ({
            currentComposition: p.currentComposition.filter((i) => i.instanceId !== instanceId),
            selectedCompositionId: null,
          })),
        ),
      removeBlockEverywhere: (blockId, project) =>
        set((s) => {
          const projects = { ...s.projects };
          for (const [name, state] of Object.entries(projects)) {
            if (project !== undefined && name !== project) continue;
            if (!state.currentComposition.some((i) => i.blockId === blockId)) continue;
            projects[name] = {
              ...state,
              currentComposition: state.currentComposition.filter((i) => i.blockId !== blockId),
            };
          }
          return { projects };
        }),
      reorder: (project, from, to) =>
        set((s) =>
          update(s.projects, project, (p) => {
            const items = [...p.currentComposition];
            const [moved] = items.splice(from, 1);
            if (!moved) return {};
            items.splice(to, 0, moved);
            return { currentComposition: items, selectedCompositionId: null };
          }),
        ),
      toggleActive: (project, instanceId) =>
        set((s) =>
          update(s.projects, project, (p) => ({
            currentComposition: p.currentComposition.map((i) =>
              i.instanceId === instanceId ? { ...i, isActive: !i.isActive } : i,
            ),
          })),
        ),
      clearComposition: (project) =>
        set((s) =>
          update(s.projects, project, () => ({
            currentComposition: [],
            finalRequest: '',
            selectedCompositionId: null,
          })),
        ),
      undoClear: (project, cleared) =>
        set((s) => update(s.projects, project, () => ({ ...cleared }))),
      replaceComposition: (project, blockIds) =>
        set((s) =>
          update(s.projects, project, () => ({ currentComposition: blockIds.map(newInstance) })),
        ),
      loadComposition: (project, compositionId, blockIds) =>
        set((s) =>
          update(s.projects, project, () => ({
            currentComposition: blockIds.map(newInstance),
            selectedCompositionId: compositionId,
          })),
        ),
      markComposition: (project, compositionId) =>
        set((s) => update(s.projects, project, () => ({ selectedCompositionId: compositionId }))),
      setSelectedFiles: (project, paths) =>
        set((s) => update(s.projects, project, () => ({ selectedFiles: paths }))),
      setFinalRequest: (project, text) =>
        set((s) => update(s.projects, project, () => ({ finalRequest: text }))),
      setModel: (project, modelId) =>
        set((s) => update(s.projects, project, () => ({ modelId, answerReserve: null }))),
      setAnswerReserve: (project, reserve) =>
        set((s) => update(s.projects, project, () => ({ answerReserve: reserve }))),
      setCustomModel: (project, custom) => set((s) => update(s.projects, project, () => custom)),
      setPromptFormat: (project, promptFormat) =>
        set((s) => update(s.projects, project, () => ({ promptFormat }))),
      setPromptLanguage: (project, promptLanguage) =>
        set((s) => update(s.projects, project, () => ({ promptLanguage }))),
      restore: (project, state) =>
        set((s) =>
          update(s.projects, project, () => ({
            currentComposition: state.currentComposition.map((i) => ({
              ...i,
              instanceId: crypto.randomUUID(),
            })),
            selectedFiles: [...state.selectedFiles],
            finalRequest: state.finalRequest,
            selectedCompositionId: null,
            ...(state.model ? modelChoiceOf(state.model) : {}),
          })),
        ),
      dropProject: (project) =>
        set((s) => {
          const { [project]: _dropped, ...rest } = s.projects;
          return { projects: rest };
        }),
      reset: () => set({ projects: {} }),
    }),
    {
      name: PROMPT_STORAGE_KEY,
      version: PROMPT_STORE_VERSION,
      // Typing in the request updates this store on every key: written after a pause.
      storage: debouncedJSONStorage(() => localStorage),
      partialize: ({ projects }) => ({ projects }),
      migrate: (stored, version) => migratePromptState(stored, version) as unknown as PromptStore,
    },
  ),
);

/** Restores a history entry's composition, files and request into a project. */
export function restorePromptState(projectName: string, state: RestorableState): void {
  usePromptStore.getState().restore(projectName, state);
}

/** Removes a deleted block's instances from every project. */
export function removeBlockFromAllProjects(blockId: string): void {
  usePromptStore.getState().removeBlockEverywhere(blockId);
}

resetStoreOnLogout('prompt state', usePromptStore);
