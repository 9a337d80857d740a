import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  filedReport,
  modeCosts,
  suggestSelection,
  type AnswerFormatMode,
  type ModeTokens,
  type ModelPreset,
  type RankedFile,
  type SuggestReason,
} from '@promptloom/core';
import { TokenizerPool, type PackResult, type ProjectPacker } from '@promptloom/core/node';
import { approx, number } from '../lib/counts';
import { CliError, EXIT } from '../lib/errors';
import { rankListed } from './rank-folder';
import { costsOf } from './suggest-costs';

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

export interface SuggestOutcome {
  files: SuggestedRow[];
  tokens: number;
  budget: number | null;
  /** The best ranked file when the budget holds it neither whole nor outlined; else null. */
  topLeftOut: { path: string; tokens: number } | null;
}

/** The best ranked file when a selection left it out, with its full tokens. */
export function topLeftOut(
  ranked: readonly RankedFile[],
  selected: readonly { path: string }[],
  costs: ReadonlyMap<string, ModeTokens>,
): { path: string; tokens: number } | null {
  const top = ranked[0];
  if (!top || selected.some((file) => file.path === top.path)) return null;
  return { path: top.path, tokens: costs.get(top.path)?.full ?? 0 };
}

/**
 * What a user reads when the file the request is most about did not fit. Its count is the
 * model's (an estimate is marked); the budget is the user's own number.
 */
export const leftOutLine = (
  left: { path: string; tokens: number },
  budget: number,
  model: { exact: boolean },
) =>
  `the best ranked file, ${left.path} (${approx(model)}${number(left.tokens)} tokens), does not fit the budget of ${number(budget)} tokens, even as an outline: it is left out`;

/** The `--json` document and the MCP tool's structured content: exactly these keys. */
export function suggestJson(outcome: SuggestOutcome) {
  return {
    files: outcome.files.map(({ path, score, reasons, mode }) => ({ path, score, reasons, mode })),
    tokens: outcome.tokens,
    budget: outcome.budget,
  };
}

export const DEFAULT_TOP = 20;

/**
 * The request trimmed and the folder checked, for the command and the MCP tool alike: an empty
 * request or a folder that is not one is bad usage, said in a sentence, never ranked.
 */
export function suggestInput(
  dir: string,
  request: string,
  where: string,
): { dir: string; request: string } {
  const trimmed = request.trim();
  if (!trimmed) throw new CliError(`no request: give it ${where}`, EXIT.usage);
  let folder = false;
  try {
    folder = statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    // A path through a file, or unreadable: not a folder either.
  }
  if (!folder) throw new CliError(`${dir} is not a folder`, EXIT.usage);
  return { dir, request: trimmed };
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
  answerFormat?: AnswerFormatMode,
  report?: boolean,
) {
  const written = new Set(result.files);
  const paths = ranked.map((file) => file.path).filter((path) => written.has(path));
  const costs = await modeCosts(paths, (subset, mode) => packer.segmentCounts(subset, mode));
  const files = [...costs.values()].reduce((sum, cost) => sum + cost.full, 0);
  const candidates = ranked.filter((file) => written.has(file.path));
  const selection = suggestSelection({
    ranked: candidates,
    budget,
    tokens: costs,
    otherTokens: Math.max(0, result.totalTokens - files),
    answerFormat,
    report,
  });
  return { ...selection, topLeftOut: topLeftOut(candidates, selection.files, costs) };
}

/** The ranked files for a request and, with a budget, the selection that fits it. */
export async function runSuggest(input: SuggestRequest): Promise<SuggestOutcome> {
  // The ranked files are counted with the model's tokenizer: one thread loads it while this
  // one ranks (a cold folder's index takes most of a run), and counts the few files after.
  const counter = new TokenizerPool(1, input.model.tokenizer);
  try {
    return await suggestWith(input, counter);
  } finally {
    await counter.close();
  }
}

async function suggestWith(input: SuggestRequest, counter: TokenizerPool): Promise<SuggestOutcome> {
  const dir = resolve(input.dir);
  // The index's listing of the folder is the one the files are counted over: listed once.
  const { ranked, listed } = await rankListed(dir, input.request, input.top ?? DEFAULT_TOP);
  const paths = ranked.map((file) => file.path);
  const row = (file: RankedFile, mode: 'full' | 'outline', tokens: number): SuggestedRow => ({
    path: file.path,
    score: file.score,
    reasons: file.reasons,
    mode,
    tokens,
  });
  if (input.budget === undefined) {
    const { costs } = await costsOf(dir, listed, paths, counter, input.format, false);
    const files = ranked.map((file) => row(file, 'full', costs.get(file.path)?.full ?? 0));
    return {
      files,
      tokens: files.reduce((sum, file) => sum + file.tokens, 0),
      budget: null,
      topLeftOut: null,
    };
  }
  const budget = input.budget;
  const { costs, chosen } = await costsOf(dir, listed, paths, counter, input.format, true, {
    budget,
    select: (tokens, within) =>
      suggestSelection({
        ranked,
        budget: within,
        tokens,
        answerFormat: input.answerFormat,
        report: filedReport(input.request),
      }),
  });
  const selected = chosen!.selection.files;
  return {
    files: selected.map((file) =>
      row(file, file.mode, chosen!.files.get(file.path) ?? file.tokens),
    ),
    tokens: chosen!.total,
    budget,
    topLeftOut: topLeftOut(ranked, selected, costs),
  };
}
