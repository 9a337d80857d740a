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
    budget: outcome.budget,
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

/**
 * A count with its thousands grouped as en-US writes them ("1,091,735"). Not toLocaleString:
 * its first call loads ICU's locale data, about 12 ms of a 0.4 s run.
 */
const number = (n: number) =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');

/** The human summary on stderr: files, tokens for the model, the largest files. */
export function printSummary(out: Output, outcome: PackOutcome, destination: string): void {
  const { model, budget } = outcome;
  const approx = model.exact ? '' : '≈ ';
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
  if (outcome.outlined.length > 0) {
    out.line(`${number(outcome.outlined.length)} files as outlines`);
  }
  if (outcome.suggested) {
    const outlines = outcome.suggested.filter((file) => file.mode === 'outline').length;
    out.line(
      `${number(outcome.suggested.length)} files suggested for the request (${number(outlines)} as outlines)`,
    );
  }
  if (outcome.fit) printFit(out, outcome.fit);
  if (outcome.secrets) printSecrets(out, outcome.secrets, outcome.redacted);
  // Too large files are named (the web app's rule says so); binaries are only counted.
  for (const skipped of outcome.skipped) {
    if (skipped.reason !== 'binary') out.warn(`skipped ${skipped.path} (${skipped.reason})`);
  }
  const binaries = outcome.skipped.filter((skipped) => skipped.reason === 'binary').length;
  if (binaries > 0) out.line(out.paint('dim', `${number(binaries)} binary files left out`));
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
    out.line(`Fit: already within the budget (${number(fit.before)} tokens)`);
    return;
  }
  const outlined = fit.changes.filter((change) => change.to === 'outline').length;
  const paths = fit.changes.filter((change) => change.to === 'path').length;
  out.line(
    `Fit: ${number(fit.before)} → ${number(fit.after)} tokens (budget ${number(fit.budget)}): ` +
      `${number(outlined)} files outlined, ${number(paths)} as path only`,
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
  const found = `${number(secrets.length)} possible secrets in ${number(files)} files`;
  out.warn(
    redacted
      ? `${found}: redacted in the prompt`
      : `${found}: check the prompt before sharing it, or pack with --redact`,
  );
}
