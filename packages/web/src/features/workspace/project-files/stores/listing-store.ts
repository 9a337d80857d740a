import { defaultIgnoreCase } from '@promptloom/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/** The stages of opening a folder (decision 031). */
export type ListingStage = 'idle' | 'listing' | 'metadata' | 'done' | 'cancelled';

interface ListingState {
  stage: ListingStage;
  /** Files kept so far while listing. */
  listed: number;
  /** Files whose size and mtime are known, of `metadataTotal`, while checking changes. */
  metadataDone: number;
  metadataTotal: number;
  /** Which stage Cancel stopped ('listing' leaves no tree; 'metadata' keeps it). */
  cancelledStage: 'listing' | 'metadata' | null;
  controller: AbortController | null;
  /** A listed folder changed on disk since the current listing started (decision 036). */
  changesPending: boolean;
  markChangesPending: () => void;
  start: (stage: 'listing' | 'metadata', controller: AbortController, total?: number) => void;
  finish: (controller: AbortController) => void;
  cancel: () => void;
}

/** Live progress of the current folder opening; never persisted. */
export const useListingStore = create<ListingState>((set, get) => ({
  stage: 'idle',
  listed: 0,
  metadataDone: 0,
  metadataTotal: 0,
  cancelledStage: null,
  controller: null,
  changesPending: false,
  markChangesPending: () => set({ changesPending: true }),
  start: (stage, controller, total = 0) => {
    const previous = get().controller;
    if (previous && previous !== controller) previous.abort();
    set({
      stage,
      controller,
      cancelledStage: null,
      ...(stage === 'listing'
        ? { listed: 0, changesPending: false }
        : { metadataDone: 0, metadataTotal: total }),
    });
  },
  finish: (controller) => {
    if (get().controller === controller) set({ stage: 'done', controller: null });
  },
  cancel: () => {
    const { controller, stage } = get();
    if (!controller || (stage !== 'listing' && stage !== 'metadata')) return;
    set({ stage: 'cancelled', cancelledStage: stage, controller: null });
    controller.abort(new DOMException('Cancelled by the user', 'AbortError'));
  },
}));

function platformName(): string {
  if (typeof navigator === 'undefined') return '';
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return data?.platform ?? navigator.platform ?? '';
}

interface IgnoreViewState {
  /** "Show ignored": hidden paths shown dimmed, with why each one is hidden. */
  showIgnored: boolean;
  /** git's core.ignorecase for .gitignore files and the user's patterns (decision 030). */
  ignoreCase: boolean;
  setShowIgnored: (on: boolean) => void;
  setIgnoreCase: (on: boolean) => void;
}

/** The user's view settings for ignored paths, kept in this browser. */
export const useIgnoreView = create<IgnoreViewState>()(
  persist(
    (set) => ({
      showIgnored: false,
      ignoreCase: defaultIgnoreCase(platformName()),
      setShowIgnored: (showIgnored) => set({ showIgnored }),
      setIgnoreCase: (ignoreCase) => set({ ignoreCase }),
    }),
    { name: 'promptloom-ignore-view' },
  ),
);

resetStoreOnLogout('listing', useListingStore);

resetStoreOnLogout('ignore view', useIgnoreView);
