import type { CliEnv } from '../lib/env';
import { CliError, EXIT } from '../lib/errors';
import type { Output } from '../lib/output';
import { findModel } from '../pack/pack-request';
import { approx, count, number } from '../lib/counts';
import {
  DEFAULT_TOP,
  leftOutLine,
  runSuggest,
  suggestInput,
  suggestJson,
  type SuggestOutcome,
} from '../pack/suggest';

export interface SuggestFlags {
  dir: string;
  json?: boolean;
  top?: string;
  budget?: string;
  model?: string;
}

/**
 * A count given on the command line: decimal digits only, so `1e2`, `0x10`, `+5`, `2.0` or a
 * padded ` 5` (all numbers to Number()) are bad usage rather than read as something else.
 */
function positive(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw new CliError(`${flag} takes a positive whole number, not "${value}"`, EXIT.usage);
  }
  return number;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `promptloom suggest [REQUEST|-]`: the folder's files ranked for the request. */
export async function suggestCommand(
  argument: string | undefined,
  flags: SuggestFlags,
  _env: CliEnv,
  out: Output,
): Promise<void> {
  const top = positive(flags.top, '--top') ?? DEFAULT_TOP;
  const budget = positive(flags.budget, '--budget');
  const model = findModel(flags.model);
  const { dir, request } = suggestInput(
    flags.dir,
    argument === undefined || argument === '-' ? await readStdin() : argument,
    'as an argument or on stdin',
  );
  const outcome = await runSuggest({ dir, request, top, budget, model });
  // On stderr with --json too: the document keeps its keys, and a script's user still hears it.
  const warning =
    outcome.topLeftOut && outcome.budget !== null
      ? leftOutLine(outcome.topLeftOut, outcome.budget, model)
      : null;
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(suggestJson(outcome))}\n`);
    if (warning) out.warn(warning);
    return;
  }
  if (outcome.files.length === 0 && !outcome.topLeftOut) {
    // Said in words, as the web and the MCP tool say it: no file holds the request's words.
    out.line('No file matches the request.');
    return;
  }
  process.stdout.write(table(outcome, approx(model)));
  const over = outcome.budget === null ? '' : ` of ${number(outcome.budget)}`;
  // Estimated families (Claude, Gemini) are marked as the pack's summary marks them.
  out.line(
    `${count(outcome.files.length, 'file')}, ${approx(model)}${number(outcome.tokens)}${over} tokens (${model.label})`,
  );
  if (warning) out.warn(warning);
}

/**
 * The plain answer: rank, tokens, mode, path, then the reasons indented below. Counts are
 * written as the pack's summary writes them: thousands grouped, `≈ ` before an estimate.
 */
function table(outcome: SuggestOutcome, mark: string): string {
  const lines = outcome.files.map((file, rank) => {
    const reasons = file.reasons.map((reason) => reason.message).join('; ');
    const tokens = `${mark}${number(file.tokens)}`.padStart(10);
    const head = `${String(rank + 1).padStart(3)}  ${tokens}  ${file.mode.padEnd(7)}  ${file.path}`;
    return reasons ? `${head}\n${' '.repeat(25)}${reasons}` : head;
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}
