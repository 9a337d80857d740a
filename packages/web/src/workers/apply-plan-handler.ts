import { type ParsedAnswer, parseAnswer, planApply, touchedPaths } from '@promptloom/core/apply';
import type { ApplyPlanRequest, ApplyPlanResponse } from './apply-plan-protocol';
import { leavePlanTexts } from './apply-plan-texts';

/** Marks a step on the worker's timeline (the browser bench reads them). */
const mark = (step: string) => performance.mark(`apply-worker:${step}`);

/**
 * The apply worker's work, apart from its message plumbing (tests run it in place). Only the
 * latest parsed answer is kept: a page reads one answer at a time.
 */
export function createApplyPlanHandler(): (request: ApplyPlanRequest) => ApplyPlanResponse {
  let latest: { id: number; parsed: ParsedAnswer } | null = null;
  return (request) => {
    const { id } = request;
    try {
      if (request.kind === 'parse') {
        mark('parse');
        const known = new Set(request.knownPaths);
        const parsed = parseAnswer(request.answer, { knownPath: (path) => known.has(path) });
        latest = { id, parsed };
        mark('parsed');
        return { id, paths: touchedPaths(parsed) };
      }
      if (latest?.id !== request.parseId) {
        return { id, error: `No parsed answer ${request.parseId} to plan` };
      }
      const { parsed } = latest;
      latest = null;
      mark('plan');
      const files = new Map(request.files);
      const plan = planApply(parsed, files);
      mark('planned');
      return { id, ...leavePlanTexts(plan, files) };
    } catch (error) {
      return { id, error: error instanceof Error ? error.message : String(error) };
    }
  };
}
