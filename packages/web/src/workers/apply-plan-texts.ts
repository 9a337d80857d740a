import type { ApplyPlan, FileText } from '@promptloom/core/apply';
import type { PlanAfters, PlanTexts } from './apply-plan-protocol';

/**
 * Characters of new text one slice carries (a file larger than this is a slice of its own):
 * a large answer's new texts in one message were one task of tens of ms on the page as it
 * took them, where slices of this size are tasks of a fraction of a ms, with keys between.
 */
const SLICE_CHARS = 64 * 1024;

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
 * The plan's new texts (those it still holds) taken out into slices of about `sliceChars`,
 * each a message of its own sent ahead of the plan; the plan holds null in their place.
 */
export function sliceAfterTexts<Planned extends { plan: ApplyPlan }>(
  planned: Planned,
  sliceChars = SLICE_CHARS,
): { planned: Planned; slices: PlanAfters['afters'][] } {
  const slices: PlanAfters['afters'][] = [];
  let slice: PlanAfters['afters'] = [];
  let chars = 0;
  const files = planned.plan.files.map((file, k) => {
    if (file.after === null) return file;
    if (chars > 0 && chars + file.after.length > sliceChars) {
      slices.push(slice);
      slice = [];
      chars = 0;
    }
    slice.push([k, file.after]);
    chars += file.after.length;
    return { ...file, after: null };
  });
  if (slice.length > 0) slices.push(slice);
  return { planned: { ...planned, plan: { ...planned.plan, files } }, slices };
}

/**
 * The plan with the texts `leavePlanTexts` left out, from the files the page sent, and the new
 * texts `sliceAfterTexts` sent apart (by the file's place in the plan).
 */
export function restorePlanTexts(
  { plan, sentBefore, afterIsBefore }: { plan: ApplyPlan } & PlanTexts,
  files: ReadonlyMap<string, FileText | null>,
  afters: ReadonlyMap<number, string> = new Map(),
): ApplyPlan {
  const planned = plan.files.map((file, k) => {
    const from = sentBefore[k];
    const after = afters.get(k) ?? file.after;
    if (from == null) return after === file.after ? file : { ...file, after };
    const before = files.get(from)?.text ?? null;
    return { ...file, before, after: afterIsBefore[k] ? before : after };
  });
  return { ...plan, files: planned };
}
