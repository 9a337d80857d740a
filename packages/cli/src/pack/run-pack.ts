import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  DEFAULT_ANSWER_FORMAT,
  DEFAULT_MODEL_ID,
  MODEL_PRESETS,
  compileGitignore,
  isPromptFormat,
  PROMPT_FORMATS,
  SUGGEST_CANDIDATES,
  lastMatch,
  tokenBudget,
  type FileInclusionMode,
  type ModelPreset,
  type PromptItem,
} from '@promptloom/core';
import { SECRET_RULES_RELEASE, type SecretFinding } from '@promptloom/core/secrets';
import {
  DiskPieceCache,
  OutlinePool,
  ProjectPacker,
  TokenizerPool,
  type PackOptions,
  type PackResult,
} from '@promptloom/core/node';
import { CliError, EXIT } from '../lib/errors';
import { readEnv } from '../lib/env';
import { changedFiles } from '../lib/git';
import { fitToBudget, type FitSummary } from './fit';
import { rankFolder, suggestedSelection } from './suggest';
import { redactPrompt } from './secrets';

/** What a pack asks for, from the command line or an MCP tool call. */
export interface PackRequest {
  dir: string;
  /** gitignore-style globs: only matching files are written. */
  include?: readonly string[];
  /** gitignore-style globs added to the ignore rules (on top of the core list and .gitignore). */
  ignore?: readonly string[];
  /** Only files changed against this git ref (working tree and untracked files included). */
  changedSince?: string;
  /** A saved composition's blocks; default: the project structure, then the files. */
  items?: readonly PromptItem[];
  /** The user's global ignore patterns (from the server, with a composition). */
  globalPatterns?: readonly string[];
  /** The dynamic task's text. */
  request?: string;
  model?: string;
  /** Prompt format (core PROMPT_FORMATS); default the spec's sections. */
  format?: string;
  /** Shrink to the model's budget (core/fit). */
  fit?: boolean;
  /** Pack the files suggested for this request (pack/suggest.ts), within the model's budget. */
  suggest?: string;
  /** gitignore-style globs: matching files are written as code outlines. */
  outline?: readonly string[];
  /** Scan the written files for secrets (default true). */
  secretScan?: boolean;
  /** Replace the secrets found by `[REDACTED:<kind>]` in the prompt. */
  redact?: boolean;
  /**
   * The prompt is only written out (to a file or stdout, through `bytes()`): kept as bytes
   * while packing (PackOptions.promptBytes); `prompt` is still there, decoded if read.
   */
  writeOnly?: boolean;
  onProgress?: (written: number, total: number) => void;
}

export interface FileTokens {
  path: string;
  tokens: number;
}

export interface PackOutcome {
  /** The whole prompt (PackResult.prompt: made on first read). */
  readonly prompt: string;
  /** The prompt as UTF-8 bytes, chunks in order (PackResult.bytes). */
  bytes(): readonly Uint8Array[];
  model: ModelPreset;
  /** The model's budget: context window minus the answer reserve. */
  budget: number;
  /** Files listed after the ignore rules, and files written into the prompt. */
  listedFiles: number;
  packedFiles: number;
  tokens: number;
  /** The files with the most tokens, largest first. */
  largest: FileTokens[];
  skipped: PackResult['skipped'];
  /** Files written as outlines (by --outline or --fit). */
  outlined: string[];
  /** What --fit changed; null without --fit. */
  fit: FitSummary | null;
  /** The files --suggest chose, best first; null without --suggest. */
  suggested: { path: string; mode: 'full' | 'outline' }[] | null;
  /** Secrets found in the written files; null when the scan is off. */
  secrets: SecretFinding[] | null;
  redacted: boolean;
}

const LARGEST_SHOWN = 5;
const DEFAULT_ITEMS: PromptItem[] = [
  { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
];

export function findModel(id: string | undefined): ModelPreset {
  const wanted = id ?? DEFAULT_MODEL_ID;
  const model = MODEL_PRESETS.find((preset) => preset.id === wanted);
  if (!model) {
    const ids = MODEL_PRESETS.map((preset) => preset.id).join(', ');
    throw new CliError(`unknown model "${wanted}" (one of: ${ids})`, EXIT.usage);
  }
  return model;
}

function assertDirectory(dir: string): void {
  let info;
  try {
    info = statSync(dir, { throwIfNoEntry: false });
  } catch {
    // Unreadable, or a path through a file: not a folder either.
  }
  if (!info?.isDirectory()) throw new CliError(`${dir} is not a folder`, EXIT.usage);
}

/**
 * A file is included when the last --include line matching it or one of its folders is
 * not a `!` line (as gitignore lines read, a folder stands for everything inside it).
 */
export function isIncluded(rules: ReturnType<typeof compileGitignore>, path: string): boolean {
  let rule = lastMatch(rules, path, false);
  for (let end = path.lastIndexOf('/'); !rule && end > 0; end = path.lastIndexOf('/', end - 1)) {
    rule = lastMatch(rules, path.slice(0, end), true);
  }
  return rule !== undefined && !rule.negative;
}

/** Builds the file filter of --include and --changed (both must hold when both are given). */
async function selection(request: PackRequest, dir: string) {
  const tests: ((path: string) => boolean)[] = [];
  if (request.include && request.include.length > 0) {
    const rules = compileGitignore(request.include, { kind: 'global' }, false);
    tests.push((path) => isIncluded(rules, path));
  }
  if (request.changedSince !== undefined) {
    const changed = await changedFiles(dir, request.changedSince);
    tests.push((path) => changed.has(path));
  }
  return tests.length === 0 ? undefined : (path: string) => tests.every((test) => test(path));
}

/** Packs a folder with the web app's rules (core list, .gitignore files, 1 MB, binary). */
export async function runPack(request: PackRequest): Promise<PackOutcome> {
  const dir = resolve(request.dir);
  assertDirectory(dir);
  const model = findModel(request.model);
  if (request.format !== undefined && !isPromptFormat(request.format)) {
    const formats = PROMPT_FORMATS.join(', ');
    throw new CliError(`unknown format "${request.format}" (one of: ${formats})`, EXIT.usage);
  }
  const budget = tokenBudget(model.contextWindow, model.answerReserve);
  const items = request.items ?? DEFAULT_ITEMS;
  const outlineRules =
    request.outline && request.outline.length > 0
      ? compileGitignore(request.outline, { kind: 'global' }, false)
      : null;
  const select = await selection(request, dir);
  // --suggest without --request: the request ranked is the task written.
  const taskText = request.request ?? request.suggest;
  const ranked = request.suggest
    ? await rankFolder(dir, request.suggest, SUGGEST_CANDIDATES)
    : null;
  // Created last, after every check that may throw: their threads keep the process alive
  // until closed. Outlines start their threads on the first outlined file only.
  const outliner = outlineRules || request.fit || request.suggest ? new OutlinePool() : null;
  const secretScan = request.secretScan !== false;
  // Counts and findings of earlier runs on this folder (the user's cache folder, never the
  // project); PROMPTLOOM_CACHE=0 turns it off.
  const env = readEnv();
  const pieceCache = env.pieceCache
    ? await DiskPieceCache.open(dir, `${model.tokenizer} ${SECRET_RULES_RELEASE}`, env.cacheDir)
    : undefined;
  // With counts of this folder on disk, the workers load the tokenizer only if a piece is
  // new: a repeated pack may tokenize nothing.
  const counter = new TokenizerPool(undefined, model.tokenizer, {
    eager: !pieceCache || pieceCache.size === 0,
  });
  const outlined = new Set<string>();
  const options: PackOptions = {
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
    globalPatterns: [...(request.globalPatterns ?? []), ...(request.ignore ?? [])],
    items: taskText && !request.items ? [...items, dynamicTask] : [...items],
    finalRequest: taskText ?? '',
    select,
    format:
      request.format !== undefined && isPromptFormat(request.format) ? request.format : undefined,
    counter,
    // Each packer packs once: no directory watches.
    watch: false,
    // A redaction edits the prompt as text.
    promptBytes: request.writeOnly === true && request.redact !== true,
    secretScan,
    pieceCache,
    budget,
    onProgress: request.onProgress,
    fileMode: outlineRules
      ? (path): FileInclusionMode => (isIncluded(outlineRules, path) ? 'outline' : 'full')
      : undefined,
    outline: outliner
      ? async (path, content) => {
          const [text] = await outliner.outlineMany([{ path, text: content }]);
          if (text != null) outlined.add(path);
          return text ?? null;
        }
      : undefined,
  };
  const packers: ProjectPacker[] = [];
  const packWith = async (extra: Partial<PackOptions>) => {
    const packer = new ProjectPacker(dir, { ...options, ...extra });
    packers.push(packer);
    return { packer, result: await packer.pack() };
  };
  try {
    let suggested: PackOutcome['suggested'] = null;
    const candidates = ranked ? new Set(ranked.map((file) => file.path)) : null;
    let { packer, result } = await packWith(
      candidates ? { select: (path) => candidates.has(path) && (select?.(path) ?? true) } : {},
    );
    if (ranked) {
      const chosen = await suggestedSelection(packer, result, ranked, budget);
      suggested = chosen.files.map(({ path, mode }) => ({ path, mode }));
      const modes = new Map(suggested.map((file) => [file.path, file.mode]));
      outlined.clear();
      ({ packer, result } = await packWith({
        select: (path) => modes.has(path),
        fileMode: (path) => modes.get(path),
      }));
    }
    let fit: FitSummary | null = null;
    if (request.fit) {
      // With a request, Fit trims by the same relevance as a suggestion (decision 096).
      const relevance = taskText
        ? (ranked ?? (await rankFolder(dir, taskText, SUGGEST_CANDIDATES))).map((f) => f.path)
        : undefined;
      const answerFormat = options.items?.find(
        (item) => item.type === 'ANSWER_FORMAT' && item.isActive,
      );
      const fitted = await fitToBudget(
        packer,
        result,
        budget,
        options.fileMode,
        outlined,
        taskText,
        {
          ...(relevance ? { relevance } : {}),
          ...(answerFormat
            ? { answerFormat: answerFormat.answerFormat ?? DEFAULT_ANSWER_FORMAT }
            : {}),
        },
      );
      fit = fitted.summary;
      if (fitted.modes) {
        const modes = fitted.modes;
        outlined.clear();
        ({ packer, result } = await packWith({ fileMode: (path) => modes.get(path) }));
      }
    }
    let prompt: string | undefined;
    let tokens = result.totalTokens;
    // Scanned in the counting workers as the files were read (PackOptions.secretScan).
    const secrets = secretScan ? result.secrets : null;
    const redacted = request.redact === true && secrets !== null && secrets.length > 0;
    if (redacted) {
      prompt = await redactPrompt(dir, result.prompt, secrets);
      tokens = (await counter.countMany([prompt]))[0] ?? tokens;
    }
    const largest = largestFiles(packer.fileTokens());
    const packed = result;
    const redactedPrompt = prompt;
    return {
      get prompt() {
        return redactedPrompt ?? packed.prompt;
      },
      bytes: () =>
        redactedPrompt === undefined ? packed.bytes() : [Buffer.from(redactedPrompt, 'utf8')],
      model,
      budget,
      listedFiles: result.fileCount,
      packedFiles: result.packedFiles,
      tokens,
      largest,
      skipped: result.skipped,
      outlined: result.files.filter((path) => outlined.has(path)),
      fit,
      suggested,
      secrets,
      redacted,
    };
  } finally {
    await Promise.all([...packers.map((p) => p.close()), counter.close(), outliner?.close()]);
  }
}

const byTokensThenPath = (a: FileTokens, b: FileTokens) =>
  b.tokens - a.tokens || a.path.localeCompare(b.path);

/**
 * The files with the most tokens, largest first, ties by path: the cut-off count is found by
 * numbers alone, then only the files at or above it are sorted. Paths are compared (with
 * `localeCompare`, whose first call loads ICU's collator, ~5–9 ms of a warm pack) only when
 * two of those counts tie.
 */
export function largestFiles(tokens: ReadonlyMap<string, number>): FileTokens[] {
  const top: number[] = [];
  for (const count of tokens.values()) {
    if (top.length === LARGEST_SHOWN && count <= top[LARGEST_SHOWN - 1]!) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]! < count) at--;
    top.splice(at, 0, count);
    if (top.length > LARGEST_SHOWN) top.pop();
  }
  const cutOff = top.at(-1) ?? 0;
  const kept: FileTokens[] = [];
  for (const [path, count] of tokens) if (count >= cutOff) kept.push({ path, tokens: count });
  return kept.sort(byTokensThenPath).slice(0, LARGEST_SHOWN);
}

/** --request without a composition: the task goes last, as the spec's default composition has it. */
const dynamicTask: PromptItem = { type: 'DYNAMIC_TASK', content: '', isActive: true };
