import type { ModeTokens } from '@promptloom/core';

export interface SuggestedFile {
  path: string;
  tokens: ModeTokens;
  /** Never outlined: the request names it, or it is the top file and the answer edits by search text. */
  wholeOnly: boolean;
}

export interface SuggestedFit {
  /** The files kept, in rank order, each full or outlined. */
  kept: { path: string; mode: 'full' | 'outline' }[];
  /** Files that fit neither whole nor, where allowed, outlined. */
  left: string[];
  tokens: number;
}

/**
 * Fills `room` tokens from the top of the ranking: each file whole when it fits, else its
 * outline when it has one and may be outlined, else it is left out (and said so). An outline
 * cannot give the model the exact text a search/replace or a diff needs, so `wholeOnly` files
 * are never outlined.
 */
export function fitSuggested(files: readonly SuggestedFile[], room: number): SuggestedFit {
  const kept: SuggestedFit['kept'] = [];
  const left: string[] = [];
  let tokens = 0;
  for (const { path, tokens: cost, wholeOnly } of files) {
    if (tokens + cost.full <= room) {
      kept.push({ path, mode: 'full' });
      tokens += cost.full;
    } else if (!wholeOnly && cost.outline !== undefined && tokens + cost.outline <= room) {
      kept.push({ path, mode: 'outline' });
      tokens += cost.outline;
    } else left.push(path);
  }
  return { kept, left, tokens };
}
