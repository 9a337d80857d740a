import { planToPatch, type ApplyPlan, type PlannedStatus } from '@promptloom/core';
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

export const anyFailed = (plan: ApplyPlan) =>
  plan.failures.length > 0 || plan.files.some((file) => file.status === 'failed');

/** The plan for people, on stderr: one line per file, the reasons under a failed one. */
export function printPlan(out: Output, plan: ApplyPlan, written: number, dryRun: boolean): void {
  for (const file of plan.files) {
    const name = file.oldPath ? `${file.oldPath} → ${file.path}` : file.path;
    const counts = file.status === 'failed' ? '' : `  +${file.added} −${file.removed}`;
    out.line(`  ${out.paint(COLORS[file.status], file.status.padEnd(8))} ${name}${counts}`);
    for (const failure of file.failures) out.line(`           ${failure.message}`);
  }
  for (const failure of plan.failures)
    out.line(`  ${out.paint('red', 'failed  ')} ${failure.message}`);
  const failed = plan.files.filter((file) => file.status === 'failed').length;
  const verb = dryRun ? 'would be written (dry run)' : 'written';
  const parts = [`${written} ${written === 1 ? 'file' : 'files'} ${verb}`];
  if (failed > 0)
    parts.push(`${failed} failed (nothing of ${failed === 1 ? 'it' : 'them'} written)`);
  if (plan.failures.length > 0) parts.push(`${plan.failures.length} blocks without a file`);
  out.line(parts.join(', '));
  if (!dryRun && written > 0)
    out.line(out.paint('dim', 'promptloom apply --undo puts the previous contents back'));
}

/** The --json document: the plan without the file texts, and its applicable part as a patch. */
export function planJson(plan: ApplyPlan, dir: string, written: boolean) {
  return {
    dir,
    written,
    files: plan.files.map(({ before: _before, after: _after, ...rest }) => rest),
    failures: plan.failures,
    patch: planToPatch(plan),
  };
}

export function printUndo(out: Output, outcome: UndoOutcome, dryRun: boolean): void {
  const would = dryRun ? 'would be ' : '';
  for (const path of outcome.restored) out.line(`  ${out.paint('green', 'restored')} ${path}`);
  for (const path of outcome.removed) out.line(`  ${out.paint('green', 'removed ')} ${path}`);
  for (const path of outcome.leftAlone)
    out.line(
      `  ${out.paint('yellow', 'left    ')} ${path} (changed since the apply, left as it is)`,
    );
  const done = outcome.restored.length + outcome.removed.length;
  out.line(
    `${done} ${done === 1 ? 'file' : 'files'} ${would}put back${outcome.leftAlone.length ? `, ${outcome.leftAlone.length} left alone` : ''}`,
  );
}
