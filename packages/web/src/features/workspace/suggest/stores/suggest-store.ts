import { create } from 'zustand';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';
import type { RankedFile } from '@promptloom/core';

type IndexStatus = 'idle' | 'building' | 'ready' | 'failed';

interface SuggestState {
  /** The project the index was last opened for. */
  project: string | null;
  status: IndexStatus;
  done: number;
  total: number;
  /** The "Suggested files" region is open (ranking follows the request while it is). */
  open: boolean;
  /** The last ranking, for `rankedFor`; null before the first. */
  ranked: RankedFile[] | null;
  rankedFor: string;
  ranking: boolean;
  /** The last ranking failed (the region says so rather than wait for it). */
  rankFailed: boolean;
  /** Rows the user unticked (every suggested row starts ticked). */
  unchecked: ReadonlySet<string>;
  setOpen: (open: boolean) => void;
  toggle: (path: string, checked: boolean) => void;
}

export const useSuggestStore = create<SuggestState>()((set) => ({
  project: null,
  status: 'idle',
  done: 0,
  total: 0,
  open: false,
  ranked: null,
  rankedFor: '',
  ranking: false,
  rankFailed: false,
  unchecked: new Set(),
  setOpen: (open) => set({ open }),
  toggle: (path, checked) =>
    set((s) => {
      const unchecked = new Set(s.unchecked);
      if (checked) unchecked.delete(path);
      else unchecked.add(path);
      return { unchecked };
    }),
}));

resetStoreOnLogout('suggested files', useSuggestStore);

const NONE: ReadonlySet<string> = new Set();
let lastRanked: RankedFile[] | null = null;
let lastPaths: ReadonlySet<string> = NONE;

/** The suggested paths while the region is open, for the tree's marks. */
export function useSuggestedPaths(): ReadonlySet<string> {
  return useSuggestStore((s) => {
    if (!s.open || !s.ranked) return NONE;
    if (s.ranked !== lastRanked) {
      lastRanked = s.ranked;
      lastPaths = new Set(s.ranked.map((file) => file.path));
    }
    return lastPaths;
  });
}
