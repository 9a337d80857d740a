import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DEFAULT_MODEL_ID,
  MODEL_PRESETS,
  compileGitignore,
  isPromptFormat,
  PROMPT_FORMATS,
  lastMatch,
  tokenBudget,
  type FileInclusionMode,
  type ModelPreset,
  type PromptFormat,
  type PromptItem,
} from '@promptloom/core';
import { CliError, EXIT } from '../lib/errors';
import { changedFiles } from '../lib/git';

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
  /** Prompt format (core PROMPT_FORMATS); default the sections format. */
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

const DEFAULT_ITEMS: PromptItem[] = [
  { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
];
/** --request without a composition: the task goes last, as the default composition has it. */
const dynamicTask: PromptItem = { type: 'DYNAMIC_TASK', content: '', isActive: true };

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
function isIncluded(rules: ReturnType<typeof compileGitignore>, path: string): boolean {
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

/** A pack request checked (folder, model, format) and read into what the packer takes. */
export interface CheckedPackRequest {
  /** The folder, absolute. */
  dir: string;
  model: ModelPreset;
  /** The model's budget: context window minus the answer reserve. */
  budget: number;
  /** The composition packed: the request's, else the default one (with the task when there is one). */
  items: PromptItem[];
  /** The task written: --request, else the --suggest text (the request ranked). */
  taskText: string | undefined;
  format: PromptFormat | undefined;
  /** --include and --changed; undefined: every listed file. */
  select: ((path: string) => boolean) | undefined;
  /** --outline's globs as a file mode; undefined without --outline. */
  fileMode: ((path: string) => FileInclusionMode) | undefined;
}

/** Checks a pack request and reads its options; throws a usage CliError on a wrong one. */
export async function checkPackRequest(request: PackRequest): Promise<CheckedPackRequest> {
  const dir = resolve(request.dir);
  assertDirectory(dir);
  const model = findModel(request.model);
  const format = request.format;
  if (format !== undefined && !isPromptFormat(format)) {
    const formats = PROMPT_FORMATS.join(', ');
    throw new CliError(`unknown format "${format}" (one of: ${formats})`, EXIT.usage);
  }
  const budget = tokenBudget(model.contextWindow, model.answerReserve);
  const items = request.items ?? DEFAULT_ITEMS;
  const outlineRules =
    request.outline && request.outline.length > 0
      ? compileGitignore(request.outline, { kind: 'global' }, false)
      : null;
  if (request.suggest !== undefined && request.suggest.trim() === '') {
    // An empty request ranks nothing: packing every file, or none, would answer another question.
    throw new CliError('--suggest needs a request: the task the files are for', EXIT.usage);
  }
  const select = await selection(request, dir);
  // --suggest without --request: the request ranked is the task written.
  const taskText = request.request ?? request.suggest;
  return {
    dir,
    model,
    budget,
    items: taskText && !request.items ? [...items, dynamicTask] : [...items],
    taskText,
    format,
    select,
    fileMode: outlineRules
      ? (path): FileInclusionMode => (isIncluded(outlineRules, path) ? 'outline' : 'full')
      : undefined,
  };
}
