import type { AnswerPlanner } from '../features/workspace/apply/lib/answer-planner';
import { toFileText } from '../lib/file-text';
import { createApplyPlanHandler } from '../workers/apply-plan-handler';
import { restorePlanTexts } from '../workers/apply-plan-texts';

/** The apply worker's handler run in place: reviews in tests plan as the worker would. */
export function pageAnswerPlanner(): AnswerPlanner {
  const handle = createApplyPlanHandler();
  let id = 0;
  return {
    parse(answer) {
      const reply = handle({ id: ++id, kind: 'parse', answer });
      if (!('paths' in reply)) return Promise.reject(new Error('parse failed'));
      return Promise.resolve({ parseId: reply.id, paths: reply.paths });
    },
    plan(parseId, files) {
      const reply = handle({ id: ++id, kind: 'plan', parseId, files: [...files] });
      if (!('plan' in reply)) return Promise.reject(new Error('plan failed'));
      const texts = new Map(
        [...files].map(([path, bytes]) => [path, bytes === null ? null : toFileText(bytes)]),
      );
      return Promise.resolve({ plan: restorePlanTexts(reply, texts), texts });
    },
  };
}
