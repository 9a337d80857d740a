import { create } from 'zustand';

/** The live token count of the open project. */
interface TokenState {
  /** Composition + selected files, request excluded. */
  baseTokens: number;
  requestTokens: number;
  /** File path -> tokens of its section in the prompt (beyond the spec: shown on rows). */
  fileTokens: ReadonlyMap<string, number>;
  /** File contents are being read / counted. */
  calculating: boolean;
  /** The worker failed and counts are the character-based estimate (tokens/estimate.ts). */
  estimated: boolean;
}

export const useTokenStore = create<TokenState>(() => ({
  baseTokens: 0,
  requestTokens: 0,
  fileTokens: new Map(),
  calculating: false,
  estimated: false,
}));

export const useTotalTokens = () => useTokenStore((s) => s.baseTokens + s.requestTokens);
