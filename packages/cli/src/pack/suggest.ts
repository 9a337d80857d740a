import { resolve } from 'node:path';
import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  modeCosts,
  rankFiles,
  suggestSelection,
  type AnswerFormatMode,
  type ModeTokens,
  type ModelPreset,
  type RankedFile,
  type SuggestReason,
} from '@promptloom/core';
import {
  OutlinePool,
  ProjectPacker,
  TokenizerPool,
  gitRecency,
  loadSuggestIndex,
  type PackResult,
} from '@promptloom/core/node';
import { readEnv } from '../lib/env';

/** What `promptloom suggest`, `pack --suggest` and the MCP tool `suggest_files` ask. */
export interface SuggestRequest {
  dir: string;
  request: string;
  /** Candidates listed (and, with a budget, considered); default 20. */
  top?: number;
  /** Tokens the listed files may take; none: the top files, all in full. */
  budget?: number;
  model: ModelPreset;
  format?: string;
  answerFormat?: AnswerFormatMode;
}

export interface SuggestedRow {
  path: string;
  score: number;
  reasons: SuggestReason[];
  mode: 'full' | 'outline';
  tokens: number;
}

/** The `--json` document (and the MCP tool's structured content). */
export interface SuggestOutcome {
  files: SuggestedRow[];
  tokens: number;
  budget: number | null;
}

export const DEFAULT_TOP = 20;
/** Files `pack --suggest` considers: more than fit any budget of today's models in full. */
export const SUGGEST_CANDIDATES = 60;

/** The folder ranked for the request (its index from the cache folder, git recency). */
export async function rankFolder(dir: string, request: string, top: number): Promise<RankedFile[]> {
  const env = readEnv();
  const [{ index }, recency] = await Promise.all([
    loadSuggestIndex(dir, {
      corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
      ...(env.pieceCache ? { cacheDir: env.cacheDir } : {}),
    }),
    gitRecency(dir),
  ]);
  return rankFiles(request, index, { top, recency });
}

/**
 * Exact tokens of `paths` in every mode, with the pack's format and the model's tokenizer:
 * a pack of those files alone (its tree included, as the prompt will be) counted per mode.
 */
export async function costsOf(
  dir: string,
  paths: readonly string[],
  model: ModelPreset,
  format?: string,
): Promise<{ costs: Map<string, ModeTokens>; otherTokens: number }> {
  const wanted = new Set(paths);
  const counter = new TokenizerPool(undefined, model.tokenizer);
  const outliner = new OutlinePool();
  const packer = new ProjectPacker(dir, {
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
    select: (path) => wanted.has(path),
    counter,
    watch: false,
    ...(format ? { format: format as never } : {}),
    outline: async (path, content) =>
      (await outliner.outlineMany([{ path, text: content }]))[0] ?? null,
  });
  try {
    const result = await packer.pack();
    const costs = await modeCosts(paths, (subset, mode) => packer.segmentCounts(subset, mode));
    const files = [...costs.values()].reduce((sum, cost) => sum + cost.full, 0);
    return { costs, otherTokens: Math.max(0, result.totalTokens - files) };
  } finally {
    await Promise.all([packer.close(), counter.close(), outliner.close()]);
  }
}

/**
 * The suggested selection over a pack of the candidates: their exact tokens per mode with
 * the pack's own items and format, the rest of the prompt taken from the budget first.
 */
export async function suggestedSelection(
  packer: ProjectPacker,
  result: PackResult,
  ranked: readonly RankedFile[],
  budget: number,
) {
  const written = new Set(result.files);
  const paths = ranked.map((file) => file.path).filter((path) => written.has(path));
  const costs = await modeCosts(paths, (subset, mode) => packer.segmentCounts(subset, mode));
  const files = [...costs.values()].reduce((sum, cost) => sum + cost.full, 0);
  return suggestSelection({
    ranked: ranked.filter((file) => written.has(file.path)),
    budget,
    tokens: costs,
    otherTokens: Math.max(0, result.totalTokens - files),
  });
}

/** The ranked files for a request and, with a budget, the selection that fits it. */
export async function runSuggest(input: SuggestRequest): Promise<SuggestOutcome> {
  const dir = resolve(input.dir);
  const ranked = await rankFolder(dir, input.request, input.top ?? DEFAULT_TOP);
  const { costs } = await costsOf(
    dir,
    ranked.map((file) => file.path),
    input.model,
    input.format,
  );
  const row = (file: RankedFile, mode: 'full' | 'outline', tokens: number): SuggestedRow => ({
    path: file.path,
    score: file.score,
    reasons: file.reasons,
    mode,
    tokens,
  });
  if (input.budget === undefined) {
    const files = ranked.map((file) => row(file, 'full', costs.get(file.path)?.full ?? 0));
    return { files, tokens: files.reduce((sum, file) => sum + file.tokens, 0), budget: null };
  }
  const selection = suggestSelection({
    ranked,
    budget: input.budget,
    tokens: costs,
    answerFormat: input.answerFormat,
  });
  return {
    files: selection.files.map((file) => row(file, file.mode, file.tokens)),
    tokens: selection.tokens,
    budget: input.budget,
  };
}
