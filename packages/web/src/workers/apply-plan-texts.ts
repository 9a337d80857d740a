import type { ApplyPlan, FileText } from '@promptloom/core/apply';
import type { PlanTexts } from './apply-plan-protocol';

/**
 * The plan without the texts the page sent (each file's text before, and its text after when
 * it is the same): half of a large answer's plan is the files it read, and copying them back
 * to the page is work on the page's thread when the review shows.
 */
export function leavePlanTexts(
  plan: ApplyPlan,
  files: ReadonlyMap<string, FileText | null>,
): { plan: ApplyPlan } & PlanTexts {
  const sentBefore: (string | null)[] = [];
  const afterIsBefore: boolean[] = [];
  const planned = plan.files.map((file) => {
    const before = file.before;
    const from = [file.path, file.oldPath].find(
      (path) => path !== undefined && before !== null && files.get(path)?.text === before,
    );
    sentBefore.push(from ?? null);
    afterIsBefore.push(file.after !== null && file.after === before);
    if (from === undefined) return file;
    return { ...file, before: null, ...(file.after === before && { after: null }) };
  });
  return { plan: { ...plan, files: planned }, sentBefore, afterIsBefore };
}

/**
 * The plan's new texts (those it still holds) taken out, kept by the worker by the file's
 * place in the plan (`afterHeld`): a large answer's new texts are megabytes of strings, which
 * the page took as the review was drawn, and collected later, in the way of the keys typed
 * meanwhile; the review shows none of them but the chosen file's diff.
 */
export function holdAfterTexts<Planned extends { plan: ApplyPlan } & PlanTexts>(
  planned: Planned,
): { planned: Planned; held: Map<number, string> } {
  const held = new Map<number, string>();
  const afterHeld: boolean[] = [];
  const files = planned.plan.files.map((file, k) => {
    // A text the plan holds as its text before too costs nothing more to send.
    const hold = file.after !== null && file.after !== file.before;
    afterHeld.push(hold);
    if (!hold) return file;
    held.set(k, file.after!);
    return { ...file, after: null };
  });
  return { planned: { ...planned, plan: { ...planned.plan, files }, afterHeld }, held };
}

/**
 * The plan with the texts `leavePlanTexts` left out, from the files the page sent. The new
 * texts the worker holds (`afterHeld`) stay null.
 */
export function restorePlanTexts(
  { plan, sentBefore, afterIsBefore }: { plan: ApplyPlan } & PlanTexts,
  files: ReadonlyMap<string, FileText | null>,
): ApplyPlan {
  const planned = plan.files.map((file, k) => {
    const from = sentBefore[k];
    if (from == null) return file;
    const before = files.get(from)?.text ?? null;
    return { ...file, before, after: afterIsBefore[k] ? before : file.after };
  });
  return { ...plan, files: planned };
}
