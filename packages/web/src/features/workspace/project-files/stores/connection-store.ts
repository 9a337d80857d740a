import { create } from 'zustand';
import { registerReset } from '#web/lib/reset-registry.ts';
import type { BrowserFileProvider } from '../lib/browser-file-provider';

/**
 * The live connection to the project's files. Never persisted: a directory handle is
 * re-read from IndexedDB on load, uploaded files have to be chosen again after a refresh.
 */
interface ConnectionState {
  provider: BrowserFileProvider | null;
  /** Bumped on every new provider so cached trees of an earlier connection are never reused. */
  providerId: number;
  /** The directory handle in memory, so it is read back from IndexedDB only after a reload. */
  handle: FileSystemDirectoryHandle | null;
  /** True once the stored handle has been looked up for the current session. */
  checked: boolean;
  setProvider: (
    provider: BrowserFileProvider | null,
    handle?: FileSystemDirectoryHandle | null,
  ) => void;
  setChecked: (checked: boolean) => void;
}

export const useConnectionStore = create<ConnectionState>((set, get) => ({
  provider: null,
  providerId: 0,
  handle: null,
  checked: false,
  setProvider: (provider, handle = null) => {
    const previous = get().provider;
    // The folder is no longer shown: stop watching it.
    if (previous !== provider) previous?.dispose?.();
    set((s) => ({ provider, handle, providerId: s.providerId + 1 }));
  },
  setChecked: (checked) => set({ checked }),
}));

// Logout stops watching the folder and forgets its handle.
registerReset('folder connection', () => useConnectionStore.getState().setProvider(null));
