import type { CliEnv } from '../lib/env';
import { CliError, EXIT } from '../lib/errors';
import type { Output } from '../lib/output';
import { findModel } from '../pack/pack-request';
import { count } from '../lib/counts';
import {
  DEFAULT_TOP,
  leftOutLine,
  runSuggest,
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

function positive(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
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
  const request = (
    argument === undefined || argument === '-' ? await readStdin() : argument
  ).trim();
  if (!request) throw new CliError('no request: give it as an argument or on stdin', EXIT.usage);
  const { statSync } = await import('node:fs');
  if (!statSync(flags.dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new CliError(`${flags.dir} is not a folder`, EXIT.usage);
  }
  const outcome = await runSuggest({ dir: flags.dir, request, top, budget, model });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(suggestJson(outcome))}\n`);
    return;
  }
  process.stdout.write(table(outcome));
  const over = outcome.budget === null ? '' : ` of ${outcome.budget}`;
  out.line(
    `${count(outcome.files.length, 'file')}, ${outcome.tokens}${over} tokens (${model.label})`,
  );
  if (outcome.topLeftOut && outcome.budget !== null) {
    out.warn(leftOutLine(outcome.topLeftOut, outcome.budget));
  }
}

/** The plain answer: rank, tokens, mode, path, then the reasons indented below. */
function table(outcome: SuggestOutcome): string {
  const lines = outcome.files.map((file, rank) => {
    const reasons = file.reasons.map((reason) => reason.message).join('; ');
    const head = `${String(rank + 1).padStart(3)}  ${String(file.tokens).padStart(7)}  ${file.mode.padEnd(7)}  ${file.path}`;
    return reasons ? `${head}\n${' '.repeat(22)}${reasons}` : head;
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}
