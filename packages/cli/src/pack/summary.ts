import type { Output } from '../lib/output';
import type { PackOutcome } from './run-pack';

/** The --json document: what the summary says, for scripts. */
export function summaryJson(outcome: PackOutcome, output: string | null) {
  return {
    files: outcome.packedFiles,
    listedFiles: outcome.listedFiles,
    tokens: outcome.tokens,
    model: { id: outcome.model.id, tokenizer: outcome.model.tokenizer, exact: outcome.model.exact },
    contextWindow: outcome.model.contextWindow,
    largestFiles: outcome.largest,
    skipped: outcome.skipped.map(({ path, reason }) => ({ path, reason })),
    output,
  };
}

const number = (n: number) => n.toLocaleString('en-US');

/** The human summary on stderr: files, tokens for the model, the largest files. */
export function printSummary(out: Output, outcome: PackOutcome, destination: string): void {
  const { model } = outcome;
  const approx = model.exact ? '' : '≈ ';
  const budget = model.contextWindow - model.answerReserve;
  const over = outcome.tokens > budget;
  out.line(`${out.paint('bold', 'Packed')} ${number(outcome.packedFiles)} files → ${destination}`);
  const tokens = `${approx}${number(outcome.tokens)} tokens`;
  out.line(
    `${out.paint(over ? 'red' : 'green', tokens)} for ${model.label} (budget ${number(budget)})`,
  );
  if (outcome.largest.length > 0) {
    out.line(out.paint('dim', 'Largest files:'));
    for (const { path, tokens: count } of outcome.largest) {
      out.line(`  ${number(count).padStart(10)}  ${path}`);
    }
  }
  // Too large files are named (the web app's rule says so); binaries are only counted.
  for (const skipped of outcome.skipped) {
    if (skipped.reason !== 'binary') out.warn(`skipped ${skipped.path} (${skipped.reason})`);
  }
  const binaries = outcome.skipped.filter((skipped) => skipped.reason === 'binary').length;
  if (binaries > 0) out.line(out.paint('dim', `${number(binaries)} binary files left out`));
}
