import {
  filedReport,
  CORE_SYSTEM_IGNORE_PATTERNS,
  DEFAULT_ANSWER_FORMAT,
  SUGGEST_CANDIDATES,
  type ModelPreset,
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
import { readEnv } from '../lib/env';
import { fitToBudget, type FitSummary } from './fit';
import { largestFiles, type FileTokens } from './largest-files';
import { checkPackRequest, type PackRequest } from './pack-request';
import { rankFolder } from './rank-folder';
import { suggestedSelection } from './suggest';
import { redactPrompt, redactedFileCounts } from './secrets';

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
  /** The best ranked file when --suggest's selection could not hold it; else null. */
  suggestedTopLeftOut: { path: string; tokens: number } | null;
  /** Secrets found in the written files; null when the scan is off. */
  secrets: SecretFinding[] | null;
  redacted: boolean;
}

/** Packs a folder with the web app's rules (core list, .gitignore files, 1 MB, binary). */
export async function runPack(request: PackRequest): Promise<PackOutcome> {
  const { dir, model, budget, items, taskText, format, select, fileMode } =
    await checkPackRequest(request);
  const ranked = request.suggest
    ? await rankFolder(dir, request.suggest, SUGGEST_CANDIDATES)
    : null;
  // Created last, after every check that may throw: their threads keep the process alive
  // until closed. Outlines start their threads on the first outlined file only.
  const outliner = fileMode || request.fit || request.suggest ? new OutlinePool() : null;
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
  /** Outlines as written, by path: a redaction recounts a file's text as packed. */
  const outlines = new Map<string, string>();
  const options: PackOptions = {
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
    globalPatterns: [...(request.globalPatterns ?? []), ...(request.ignore ?? [])],
    items,
    finalRequest: taskText ?? '',
    select,
    format,
    counter,
    // Each packer packs once: no directory watches.
    watch: false,
    // A redaction edits the prompt as text.
    promptBytes: request.writeOnly === true && request.redact !== true,
    secretScan,
    pieceCache,
    budget,
    onProgress: request.onProgress,
    fileMode,
    outline: outliner
      ? async (path, content) => {
          const [text] = await outliner.outlineMany([{ path, text: content }]);
          if (text != null) {
            outlined.add(path);
            outlines.set(path, text);
          }
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
    let suggestedTopLeftOut: PackOutcome['suggestedTopLeftOut'] = null;
    const candidates = ranked ? new Set(ranked.map((file) => file.path)) : null;
    let { packer, result } = await packWith(
      candidates ? { select: (path) => candidates.has(path) && (select?.(path) ?? true) } : {},
    );
    // The composition's answer format: one that edits by quoting keeps the top file whole,
    // for a suggestion as for Fit (decision 096).
    const answerItem = options.items?.find(
      (item) => item.type === 'ANSWER_FORMAT' && item.isActive,
    );
    const answerFormat = answerItem
      ? (answerItem.answerFormat ?? DEFAULT_ANSWER_FORMAT)
      : undefined;
    if (ranked) {
      const chosen = await suggestedSelection(
        packer,
        result,
        ranked,
        budget,
        answerFormat,
        filedReport(request.suggest!),
      );
      suggested = chosen.files.map(({ path, mode }) => ({ path, mode }));
      suggestedTopLeftOut = chosen.topLeftOut;
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
      const fitted = await fitToBudget(
        packer,
        result,
        budget,
        options.fileMode,
        outlined,
        taskText,
        {
          ...(relevance ? { relevance } : {}),
          ...(answerFormat ? { answerFormat } : {}),
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
    let fileTokens = packer.fileTokens();
    if (redacted) {
      const redaction = await redactPrompt(dir, result.prompt, secrets);
      prompt = redaction.prompt;
      tokens = (await counter.countMany([prompt]))[0] ?? tokens;
      // The summary's largest files count what is written: the files redacted, after it.
      const texts = new Map<string, string>();
      for (const [path, content] of redaction.contents) {
        texts.set(path, (outlined.has(path) && outlines.get(path)) || content);
      }
      fileTokens = await redactedFileCounts(fileTokens, texts, redaction.redact, (pieces) =>
        counter.countMany(pieces),
      );
    }
    const largest = largestFiles(fileTokens);
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
      suggestedTopLeftOut,
      secrets,
      redacted,
    };
  } finally {
    await Promise.all([...packers.map((p) => p.close()), counter.close(), outliner?.close()]);
  }
}
