import { create } from 'zustand';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/** The live token count of the open project. */
interface TokenState {
  /** The prompt as Generate assembles it: composition, selected files and the request. */
  tokens: number;
  /** File path -> tokens of its section in the prompt (shown on rows). */
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

/**
 * Sets a count's files' tokens, keeping the map the store holds when no file's figure
 * changed: the file tree renders its rows again for a new map, and a count after each pause
 * in typing (its request piece alone counted again) made it do so while the user typed.
 */
export function setFileTokens(
  next: ReadonlyMap<string, number>,
  rest: Partial<Omit<TokenState, 'fileTokens'>>,
): void {
  const kept = useTokenStore.getState().fileTokens;
  let same = kept.size === next.size;
  if (same) {
    for (const [path, tokens] of next) {
      if (kept.get(path) !== tokens) {
        same = false;
        break;
      }
    }
  }
  useTokenStore.setState({ ...rest, fileTokens: same ? kept : next });
}

resetStoreOnLogout('token counts', useTokenStore);
