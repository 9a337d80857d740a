import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

export interface InstanceModesState<Mode> {
  /** Composition instance id -> the mode the user chose for that block (absent = its default). */
  modes: Record<string, Mode>;
  setMode: (instanceId: string, mode: Mode) => void;
}

/**
 * A store of one mode per instance of a system block, kept in this browser (under
 * `storageName`) beside the working composition the instance belongs to, and cleared at
 * logout (under `resetName`).
 */
export function createInstanceModes<Mode>(storageName: string, resetName: string) {
  const store = create<InstanceModesState<Mode>>()(
    persist(
      (set) => ({
        modes: {},
        setMode: (instanceId, mode) => set((s) => ({ modes: { ...s.modes, [instanceId]: mode } })),
      }),
      { name: storageName },
    ),
  );
  resetStoreOnLogout(resetName, store);
  return store;
}
