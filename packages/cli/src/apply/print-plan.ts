import {
  markedWords,
  planToPatch,
  type ApplyFailure,
  type ApplyPlan,
  type PlannedFile,
  type PlannedStatus,
} from '@promptloom/core';
import type { Output } from '../lib/output';
import type { UndoOutcome } from './write-plan';

const COLORS: Record<PlannedStatus, 'green' | 'yellow' | 'red' | 'cyan'> = {
  modified: 'yellow',
  new: 'green',
  deleted: 'red',
  renamed: 'cyan',
  failed: 'red',
  unchanged: 'cyan',
};

/** Lines of a closest region's word diff printed under its failure. */
const CLOSEST_LINES = 12;
const INDENT = '           ';

/** The status column: "unchanged" reads as what it means for the user. */
const statusLabel = (status: PlannedStatus) =>
  status === 'unchanged' ? 'already applied' : status;

/** The nearest region under a failure, its differing words marked (red: the block, green: the file). */
function printClosest(out: Output, failure: ApplyFailure): void {
  const { closest } = failure;
  if (!closest || closest.words.every((word) => word.kind === 'same')) return;
  const marked = markedWords(closest.words, CLOSEST_LINES, (kind, text) =>
    kind === 'expected'
      ? out.paint('red', `[-${text}-]`)
      : kind === 'found'
        ? out.paint('green', `{+${text}+}`)
        : text,
  );
  const where =
    closest.startLine === closest.endLine
      ? `line ${closest.startLine}`
      : `lines ${closest.startLine}–${closest.endLine}`;
  out.line(`${INDENT}${out.paint('dim', `${where} of the file, [-the block-] {+the file+}:`)}`);
  for (const line of marked.split('\n')) out.line(`${INDENT}  ${line}`);
}

/** "+3 −1", and how many of its blocks were already applied. */
function counts(file: PlannedFile): string {
  const parts =
    file.status === 'failed' || file.status === 'unchanged'
      ? []
      : [`+${file.added} −${file.removed}`];
  if (file.alreadyApplied > 0)
    parts.push(
      `${file.alreadyApplied} ${file.alreadyApplied === 1 ? 'block' : 'blocks'} already applied`,
    );
  return parts.length > 0 ? `  ${parts.join(', ')}` : '';
}

export const anyFailed = (plan: ApplyPlan) =>
  plan.failures.length > 0 || plan.files.some((file) => file.status === 'failed');

/** The plan for people, on stderr: one line per file, the reasons under a failed one. */
export function printPlan(out: Output, plan: ApplyPlan, written: number, dryRun: boolean): void {
  for (const file of plan.files) {
    const moved = file.oldPath ? `${file.oldPath} → ${file.path}` : file.path;
    const name = file.replacesDeleted ? `${moved} (replaces the deleted ${file.path})` : moved;
    const label = out.paint(COLORS[file.status], statusLabel(file.status).padEnd(8));
    out.line(`  ${label} ${name}${counts(file)}`);
    for (const failure of file.failures) {
      out.line(`${INDENT}${failure.message}`);
      printClosest(out, failure);
    }
  }
  for (const failure of plan.failures)
    out.line(`  ${out.paint('red', 'failed  ')} ${failure.message}`);
  const failed = plan.files.filter((file) => file.status === 'failed').length;
  const verb = dryRun ? 'would be written (dry run)' : 'written';
  const parts = [`${written} ${written === 1 ? 'file' : 'files'} ${verb}`];
  const unchanged = plan.files.filter((file) => file.status === 'unchanged').length;
  if (unchanged > 0) parts.push(`${unchanged} already applied (not written again)`);
  if (failed > 0)
    parts.push(`${failed} failed (nothing of ${failed === 1 ? 'it' : 'them'} written)`);
  if (plan.failures.length > 0) parts.push(`${plan.failures.length} blocks without a file`);
  out.line(parts.join(', '));
  if (!dryRun && written > 0)
    out.line(out.paint('dim', 'promptloom apply --undo puts the previous contents back'));
}

/**
 * The --json document: what was written (nothing on a dry run), the plan without the file
 * texts, and its applicable part as a patch.
 */
export function planJson(plan: ApplyPlan, dir: string, dryRun: boolean, writtenPaths: string[]) {
  return {
    dir,
    dryRun,
    written: writtenPaths.length > 0,
    writtenPaths,
    files: plan.files.map(({ before: _before, after: _after, ...rest }) => rest),
    failures: plan.failures,
    patch: planToPatch(plan),
  };
}

export function printUndo(out: Output, outcome: UndoOutcome, dryRun: boolean): void {
  const would = dryRun ? 'would be ' : '';
  // A dry run has put nothing back: its lines say what the undo would do.
  const [restored, removed] = dryRun ? ['restore ', 'remove  '] : ['restored', 'removed '];
  for (const path of outcome.restored) out.line(`  ${out.paint('green', restored)} ${path}`);
  for (const path of outcome.removed) out.line(`  ${out.paint('green', removed)} ${path}`);
  for (const path of outcome.leftAlone)
    out.line(
      `  ${out.paint('yellow', 'left    ')} ${path} (changed since the apply, left as it is)`,
    );
  for (const { path, reason } of outcome.refused)
    out.line(`  ${out.paint('red', 'refused ')} ${path} (${reason})`);
  const done = outcome.restored.length + outcome.removed.length;
  const alone = outcome.leftAlone.length + outcome.refused.length;
  out.line(
    `${done} ${done === 1 ? 'file' : 'files'} ${would}put back${alone ? `, ${alone} left alone` : ''}`,
  );
  if (!dryRun && outcome.refused.length > 0) {
    out.line('this undo is kept: run promptloom apply --undo again once the links are gone');
  }
}
