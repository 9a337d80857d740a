import {
  modeCosts,
  planFit,
  tokensIn,
  type AnswerFormatMode,
  type FileInclusionMode,
  type FitChange,
} from '@promptloom/core';
import type { PackResult, ProjectPacker } from '@promptloom/core/node';

/** What --fit did, for the summary. */
export interface FitSummary {
  before: number;
  /** The plan's figure; the pack that follows it is counted again. */
  after: number;
  budget: number;
  fits: boolean;
  changes: FitChange[];
  /** Kept whole although over the budget: the answer format edits them (decision 096). */
  keptWhole?: string[];
}

/**
 * The web app's Fit to budget (core planFit) over a first pack: each written file's tokens in
 * every mode, counted with the packer's own format and tokenizer, then the plan (the files
 * the request names are trimmed last). `modes` is what to pack again with, or null when
 * nothing changes (the prompt already fits).
 */
export async function fitToBudget(
  packer: ProjectPacker,
  result: PackResult,
  budget: number,
  modeOf: ((path: string) => FileInclusionMode | undefined) | undefined,
  outlined: ReadonlySet<string>,
  request = '',
  about: { relevance?: readonly string[]; answerFormat?: AnswerFormatMode } = {},
): Promise<{ summary: FitSummary; modes: Map<string, FileInclusionMode> | null }> {
  const total = result.totalTokens;
  if (total <= budget) {
    return {
      summary: { before: total, after: total, budget, fits: true, changes: [] },
      modes: null,
    };
  }
  const paths = result.files;
  const costs = await modeCosts(paths, (subset, mode) => packer.segmentCounts(subset, mode));
  const files = paths.map((file) => {
    const tokens = costs.get(file)!;
    // A file asked for as an outline that has none went in whole.
    const asked = modeOf?.(file) ?? 'full';
    const mode: FileInclusionMode = asked === 'outline' && !outlined.has(file) ? 'full' : asked;
    return { path: file, mode, tokens };
  });
  const filesNow = files.reduce((sum, file) => sum + tokensIn(file.tokens, file.mode), 0);
  const plan = planFit({
    files,
    otherTokens: Math.max(0, total - filesNow),
    budget,
    request,
    ...about,
  });
  const modes = new Map(files.map((file) => [file.path, file.mode]));
  for (const change of plan.changes) modes.set(change.path, change.to);
  return {
    summary: {
      before: plan.before,
      after: plan.after,
      budget,
      fits: plan.fits,
      changes: plan.changes,
      ...(plan.keptWhole ? { keptWhole: plan.keptWhole } : {}),
    },
    modes: plan.changes.length > 0 ? modes : null,
  };
}
