import { approx as approxFor, count, number } from '../lib/counts';
import type { Output } from '../lib/output';
import type { PackOutcome } from './run-pack';
import { leftOutLine } from './suggest';

/** The --json document: what the summary says, for scripts. */
export function summaryJson(outcome: PackOutcome, output: string | null) {
  return {
    files: outcome.packedFiles,
    listedFiles: outcome.listedFiles,
    tokens: outcome.tokens,
    model: { id: outcome.model.id, tokenizer: outcome.model.tokenizer, exact: outcome.model.exact },
    contextWindow: outcome.model.contextWindow,
    budget: outcome.budget,
    overBudget: outcome.tokens > outcome.budget,
    outlined: outcome.outlined,
    fit: outcome.fit,
    suggested: outcome.suggested,
    secrets:
      outcome.secrets?.map(({ path, line, column, kind }) => ({
        path,
        line,
        column,
        rule: kind,
      })) ?? null,
    redacted: outcome.redacted,
    largestFiles: outcome.largest,
    skipped: outcome.skipped.map(({ path, reason }) => ({ path, reason })),
    output,
  };
}

/** "as an outline" for one file, "as outlines" for any other count. */
const asOutlines = (n: number) => (n === 1 ? 'as an outline' : 'as outlines');

/** The human summary on stderr: files, tokens for the model, the largest files. */
export function printSummary(out: Output, outcome: PackOutcome, destination: string): void {
  const { model, budget } = outcome;
  const approx = approxFor(model);
  const over = outcome.tokens > budget;
  out.line(`${out.paint('bold', 'Packed')} ${count(outcome.packedFiles, 'file')} → ${destination}`);
  const tokens = `${approx}${count(outcome.tokens, 'token')}`;
  out.line(
    `${out.paint(over ? 'red' : 'green', tokens)} for ${model.label} (budget ${number(budget)})`,
  );
  // With --fit, printFit says whether it fits.
  if (over && !outcome.fit) out.warn(overBudget(outcome));
  if (outcome.largest.length > 0) {
    out.line(out.paint('dim', 'Largest files:'));
    for (const { path, tokens: count } of outcome.largest) {
      out.line(`  ${`${approx}${number(count)}`.padStart(10)}  ${path}`);
    }
  }
  if (outcome.outlined.length > 0) {
    out.line(`${count(outcome.outlined.length, 'file')} ${asOutlines(outcome.outlined.length)}`);
  }
  if (outcome.suggested) {
    const outlines = outcome.suggested.filter((file) => file.mode === 'outline').length;
    out.line(
      `${count(outcome.suggested.length, 'file')} suggested for the request (${number(outlines)} ${asOutlines(outlines)})`,
    );
    if (outcome.suggestedTopLeftOut) {
      out.warn(leftOutLine(outcome.suggestedTopLeftOut, outcome.budget, model));
    } else if (outcome.suggested.length === 0) {
      // As `suggest` says it: the prompt then holds the request and the tree, no file.
      out.warn('no file matches the request: the prompt holds none of the files');
    }
  }
  if (outcome.fit) printFit(out, outcome.fit);
  if (outcome.secrets) printSecrets(out, outcome.secrets, outcome.redacted);
  // Too large files are named (the web app's rule says so); binaries are only counted.
  for (const skipped of outcome.skipped) {
    if (skipped.reason !== 'binary') out.warn(`skipped ${skipped.path} (${skipped.reason})`);
  }
  const binaries = outcome.skipped.filter((skipped) => skipped.reason === 'binary').length;
  if (binaries > 0) out.line(out.paint('dim', `${count(binaries, 'binary file')} left out`));
}

const FIT_CHANGES_SHOWN = 10;

function printFit(out: Output, fit: NonNullable<PackOutcome['fit']>): void {
  if (fit.keptWhole) {
    // Said aloud: the plan does not fit because it would not outline what the answer edits.
    out.warn(
      `still over the budget: ${fit.keptWhole.join(', ')} kept whole (the answer format edits ${fit.keptWhole.length === 1 ? 'it' : 'them'} by quoting their text)`,
    );
  }
  if (fit.changes.length === 0) {
    out.line(`Fit: already within the budget (${count(fit.before, 'token')})`);
    return;
  }
  const outlined = fit.changes.filter((change) => change.to === 'outline').length;
  const paths = fit.changes.filter((change) => change.to === 'path').length;
  out.line(
    `Fit: ${number(fit.before)} → ${count(fit.after, 'token')} (budget ${number(fit.budget)}): ` +
      `${count(outlined, 'file')} outlined, ${number(paths)} as path only`,
  );
  for (const change of fit.changes.slice(0, FIT_CHANGES_SHOWN)) {
    out.line(`  ${change.to === 'outline' ? 'outlined ' : 'path only'}  ${change.path}`);
  }
  if (fit.changes.length > FIT_CHANGES_SHOWN) {
    out.line(out.paint('dim', `  … and ${number(fit.changes.length - FIT_CHANGES_SHOWN)} more`));
  }
  if (!fit.fits && !fit.keptWhole) out.warn('still over the budget with every file as a path');
}

function printSecrets(
  out: Output,
  secrets: NonNullable<PackOutcome['secrets']>,
  redacted: boolean,
): void {
  if (secrets.length === 0) return;
  for (const finding of secrets) {
    out.line(
      `  ${out.paint('yellow', 'secret')}  ${finding.path}:${finding.line}  ${finding.kind}`,
    );
  }
  const files = new Set(secrets.map((finding) => finding.path)).size;
  const found = `${count(secrets.length, 'possible secret')} in ${count(files, 'file')}`;
  out.warn(
    redacted
      ? `${found}: redacted in the prompt`
      : `${found}: check the prompt before sharing it, or pack with --redact`,
  );
}

/**
 * Said plainly when the prompt is larger than the model takes; the pack still succeeds (exit
 * 0: the prompt is written, a script reads `overBudget` in --json).
 */
export function overBudget(outcome: PackOutcome): string {
  const { model, budget, tokens } = outcome;
  return (
    `the prompt is ${count(tokens - budget, 'token')} over ${model.label}’s budget ` +
    `(${number(budget)}): pack with --fit to write the largest files as outlines or paths, ` +
    'or pack fewer files (--include, --ignore, --changed)'
  );
}
