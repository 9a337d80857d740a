import { create } from 'zustand';
import type { BrowserFileProvider } from '../lib/browser-file-provider';

/**
 * The live connection to the project's files. Never persisted: a directory handle is
 * re-read from IndexedDB on load, uploaded files have to be chosen again after a refresh.
 */
interface ConnectionState {
  provider: BrowserFileProvider | null;
  /** Bumped on every new provider so cached trees of an earlier connection are never reused. */
  providerId: number;
  /** True once the stored handle has been looked up for the current session. */
  checked: boolean;
  setProvider: (provider: BrowserFileProvider | null) => void;
  setChecked: (checked: boolean) => void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  provider: null,
  providerId: 0,
  checked: false,
  setProvider: (provider) => set((s) => ({ provider, providerId: s.providerId + 1 })),
  setChecked: (checked) => set({ checked }),
}));
