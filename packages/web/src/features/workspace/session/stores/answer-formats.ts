import type { AnswerFormatMode } from '@promptloom/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

interface AnswerFormatsState {
  /** Composition instance id -> the form that ANSWER_FORMAT block asks for (absent = default). */
  modes: Record<string, AnswerFormatMode>;
  setMode: (instanceId: string, mode: AnswerFormatMode) => void;
}

/**
 * The mode of each ANSWER_FORMAT instance (decision 047), kept in this browser beside the
 * working composition it belongs to, as the structure modes are.
 */
export const useAnswerFormats = create<AnswerFormatsState>()(
  persist(
    (set) => ({
      modes: {},
      setMode: (instanceId, mode) => set((s) => ({ modes: { ...s.modes, [instanceId]: mode } })),
    }),
    { name: 'promptloom-answer-formats' },
  ),
);

resetStoreOnLogout('answer formats', useAnswerFormats);
