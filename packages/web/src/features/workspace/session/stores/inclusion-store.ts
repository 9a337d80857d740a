import { effectiveMode, type FileInclusionMode } from '@promptloom/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/** A project's inclusion choices: files' own modes and folders' defaults ('' = root). */
export interface ProjectModes {
  files: Record<string, FileInclusionMode>;
  folders: Record<string, FileInclusionMode>;
}

const EMPTY: ProjectModes = { files: {}, folders: {} };

interface InclusionState {
  byProject: Record<string, ProjectModes>;
  /** null clears the file's own mode (it follows its folder again). */
  setFileMode: (project: string, path: string, mode: FileInclusionMode | null) => void;
  setFolderMode: (project: string, path: string, mode: FileInclusionMode | null) => void;
  /** Replaces a project's modes at once (Fit to budget applies and undoes with it). */
  replace: (project: string, modes: ProjectModes) => void;
}

function withEntry(
  record: Record<string, FileInclusionMode>,
  key: string,
  mode: FileInclusionMode | null,
): Record<string, FileInclusionMode> {
  const next = { ...record };
  if (mode === null) delete next[key];
  else next[key] = mode;
  return next;
}

export const useInclusionStore = create<InclusionState>()(
  persist(
    (set) => ({
      byProject: {},
      setFileMode: (project, path, mode) =>
        set((s) => {
          const current = s.byProject[project] ?? EMPTY;
          const files = withEntry(current.files, path, mode);
          return { byProject: { ...s.byProject, [project]: { ...current, files } } };
        }),
      setFolderMode: (project, path, mode) =>
        set((s) => {
          const current = s.byProject[project] ?? EMPTY;
          const folders = withEntry(current.folders, path, mode);
          return { byProject: { ...s.byProject, [project]: { ...current, folders } } };
        }),
      replace: (project, modes) =>
        set((s) => ({ byProject: { ...s.byProject, [project]: modes } })),
    }),
    { name: 'promptloom.inclusion', version: 1 },
  ),
);

export const projectModes = (project: string | null): ProjectModes =>
  (project && useInclusionStore.getState().byProject[project]) || EMPTY;

export const useProjectModes = (project: string | null): ProjectModes =>
  useInclusionStore((s) => (project && s.byProject[project]) || EMPTY);

/**
 * The last answer per project's modes: every reader of the prompt's sources (the count, the
 * block costs, Generate, Fit to budget) asks for the same selection after a change, and a
 * walk up each of thousands of paths costs milliseconds per reader.
 */
const lastAnswers = new WeakMap<
  ProjectModes,
  { paths: readonly string[]; modes: ReadonlyMap<string, FileInclusionMode> }
>();

/** Each path's mode, with folder defaults applied; full files are left out of the map. */
export function modesOf(
  modes: ProjectModes,
  paths: readonly string[],
): ReadonlyMap<string, FileInclusionMode> {
  const last = lastAnswers.get(modes);
  if (last?.paths === paths) return last.modes;
  const out = new Map<string, FileInclusionMode>();
  const files = new Map(Object.entries(modes.files));
  const folders = new Map(Object.entries(modes.folders));
  // No choice made: every file is full, and the map stays empty.
  if (files.size > 0 || folders.size > 0) {
    for (const path of paths) {
      const mode = effectiveMode(path, files, folders);
      if (mode !== 'full') out.set(path, mode);
    }
  }
  lastAnswers.set(modes, { paths, modes: out });
  return out;
}

resetStoreOnLogout('inclusion modes', useInclusionStore);
