import type { SecretFinding } from '@promptloom/core/secrets';
import { create } from 'zustand';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

export type SecretDecision = 'redact' | 'include' | 'cancel';

interface SecretWarningState {
  findings: readonly SecretFinding[] | null;
  settle: ((decision: SecretDecision) => void) | null;
  /** Shows the warning and resolves with the user's choice (cancel when it is closed). */
  ask: (findings: readonly SecretFinding[]) => Promise<SecretDecision>;
  answer: (decision: SecretDecision) => void;
}

export const useSecretWarning = create<SecretWarningState>((set, get) => ({
  findings: null,
  settle: null,
  ask: (findings) =>
    new Promise((resolve) => {
      get().settle?.('cancel');
      set({ findings, settle: resolve });
    }),
  answer: (decision) => {
    get().settle?.(decision);
    set({ findings: null, settle: null });
  },
}));

resetStoreOnLogout('secret warning', useSecretWarning);
