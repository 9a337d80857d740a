import type { AnswerFormatMode } from '../prompt/answer-format';
import { type ModeTokens } from '../fit/modes';
import type { RankedFile, SuggestedFile, SuggestedSelection } from './types';

export interface SelectionInput {
  /** rankFiles' answer, best first. */
  ranked: readonly RankedFile[];
  budget: number;
  /** Exact tokens of each ranked file per mode (fit/mode-costs.ts): no outline, no entry. */
  tokens: ReadonlyMap<string, ModeTokens>;
  /** Tokens of the rest of the prompt (blocks, request, tree): taken from the budget first. */
  otherTokens?: number;
  /** With search/replace or a diff, the top file keeps its text: an outline gives no search text. */
  answerFormat?: AnswerFormatMode;
}

/** Whether an answer format edits by quoting the file's text (so an outline cannot serve). */
export function editsByQuoting(format: AnswerFormatMode | undefined): boolean {
  return format === 'search-replace' || format === 'unified-diff';
}

/**
 * The suggested selection within a budget, from the top: each file in full text when it
 * fits, else as its outline when that fits (never the top file in an editing answer format),
 * else left out; the files below the top ones are only taken while they fit.
 */
export function suggestSelection(input: SelectionInput): SuggestedSelection {
  let left = input.budget - (input.otherTokens ?? 0);
  const files: SuggestedFile[] = [];
  input.ranked.forEach((file, rank) => {
    const tokens = input.tokens.get(file.path);
    if (!tokens) return;
    if (tokens.full <= left) {
      files.push({ ...file, mode: 'full', tokens: tokens.full });
      left -= tokens.full;
      return;
    }
    const keepWhole = rank === 0 && editsByQuoting(input.answerFormat);
    if (!keepWhole && tokens.outline !== undefined && tokens.outline <= left) {
      files.push({ ...file, mode: 'outline', tokens: tokens.outline });
      left -= tokens.outline;
    }
  });
  return {
    files,
    tokens: files.reduce((sum, file) => sum + file.tokens, 0),
    budget: input.budget,
  };
}
