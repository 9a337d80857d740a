/// <reference lib="webworker" />
import { createApplyPlanHandler } from './apply-plan-handler';
import type { ApplyPlanRequest } from './apply-plan-protocol';

/**
 * Parses and plans a pasted answer off the page's thread (decision 092): a long or hostile
 * answer keeps this worker busy, never the page, and Cancel ends the worker.
 */
const handle = createApplyPlanHandler();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ApplyPlanRequest>) => {
  scope.postMessage(handle(event.data));
};
