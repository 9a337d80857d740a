import { RECENT_PROJECTS_MAX } from '#web/config/limits.ts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { FolderPermission } from '../lib/fs-access-types';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/** Project session. `UPLOAD` is the folder-upload fallback (files held in memory only). */
export type AccessType = 'BROWSER' | 'UPLOAD';
export type SessionMode = 'STANDALONE' | 'PROJECT';

/** The special project name of a standalone session. */
export const STANDALONE_PROJECT_NAME = '__standalone__';

export interface ProjectSessionState {
  projectPath: null;
  projectName: string | null;
  accessType: AccessType;
  sessionMode: SessionMode;
  permissionState: FolderPermission;
  recentProjectNames: string[];
}

interface ProjectSessionActions {
  /** Opens a project: PROJECT mode, permission prompt, front of the recent list. Returns dropped names. */
  selectProject: (name: string, accessType: AccessType, permission?: FolderPermission) => string[];
  startStandalone: () => void;
  /** Back to STANDALONE with permission prompt and no project (the selection screen). */
  clearProject: () => void;
  setPermission: (state: FolderPermission) => void;
  reset: () => void;
}

const initialState: ProjectSessionState = {
  projectPath: null,
  projectName: null,
  accessType: 'BROWSER',
  sessionMode: 'STANDALONE',
  permissionState: 'prompt',
  recentProjectNames: [],
};

export const SESSION_STORAGE_KEY = 'promptloom.project-session';
const SESSION_STORE_VERSION = 1;

export const useSessionStore = create<ProjectSessionState & ProjectSessionActions>()(
  persist(
    (set, get) => ({
      ...initialState,
      selectProject: (name, accessType, permission = 'prompt') => {
        const others = get().recentProjectNames.filter((n) => n !== name);
        const recent = [name, ...others];
        const dropped = recent.slice(RECENT_PROJECTS_MAX);
        set({
          projectName: name,
          projectPath: null,
          accessType,
          sessionMode: 'PROJECT',
          permissionState: permission,
          recentProjectNames: recent.slice(0, RECENT_PROJECTS_MAX),
        });
        return dropped;
      },
      startStandalone: () =>
        set({
          projectName: STANDALONE_PROJECT_NAME,
          projectPath: null,
          sessionMode: 'STANDALONE',
          permissionState: 'granted',
        }),
      clearProject: () =>
        set({
          projectName: null,
          projectPath: null,
          sessionMode: 'STANDALONE',
          permissionState: 'prompt',
        }),
      setPermission: (permissionState) => set({ permissionState }),
      reset: () => set(initialState),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: SESSION_STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      // Permission is re-checked against the browser on every load, never trusted from storage.
      partialize: ({ projectName, projectPath, accessType, sessionMode, recentProjectNames }) => ({
        projectName,
        projectPath,
        accessType,
        sessionMode,
        recentProjectNames,
        permissionState: sessionMode === 'STANDALONE' && projectName ? 'granted' : 'prompt',
      }),
    },
  ),
);

resetStoreOnLogout('project session', useSessionStore);
