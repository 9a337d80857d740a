import type { StructureMode } from '@promptloom/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

interface StructureModesState {
  /** Composition instance id -> what that PROJECT_STRUCTURE block shows (absent = auto). */
  modes: Record<string, StructureMode>;
  setMode: (instanceId: string, mode: StructureMode) => void;
}

/**
 * The mode of each PROJECT_STRUCTURE instance (decision 031), kept in this browser beside
 * the working composition it belongs to.
 */
export const useStructureModes = create<StructureModesState>()(
  persist(
    (set) => ({
      modes: {},
      setMode: (instanceId, mode) => set((s) => ({ modes: { ...s.modes, [instanceId]: mode } })),
    }),
    { name: 'promptloom-structure-modes' },
  ),
);

resetStoreOnLogout('structure modes', useStructureModes);
