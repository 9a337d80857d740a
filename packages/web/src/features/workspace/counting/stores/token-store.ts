import { create } from 'zustand';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/** The live token count of the open project. */
interface TokenState {
  /** The prompt as Generate assembles it: composition, selected files and the request. */
  tokens: number;
  /** File path -> tokens of its section in the prompt (beyond the spec: shown on rows). */
  fileTokens: ReadonlyMap<string, number>;
  /** File contents are being read / counted. */
  calculating: boolean;
  /** The composition, selection or model changed and its base count has not landed yet. */
  basePending: boolean;
  /** The request text `tokens` was counted with (null before the first count). */
  countedRequest: string | null;
  /** The worker failed and counts are the character-based estimate (tokens/estimate.ts). */
  estimated: boolean;
  /** Selected files read so far by a long count (read-progress.ts); null: none shown. */
  progress: { done: number; total: number } | null;
}

export const useTokenStore = create<TokenState>(() => ({
  tokens: 0,
  fileTokens: new Map(),
  calculating: false,
  basePending: false,
  countedRequest: null,
  estimated: false,
  progress: null,
}));

export const useTotalTokens = () => useTokenStore((s) => s.tokens);

resetStoreOnLogout('token counts', useTokenStore);
