/// <reference lib="webworker" />
import { createApplyPlanHandler } from './apply-plan-handler';
import type {
  ApplyAnswerOffer,
  ApplyPlanPrepare,
  ApplyPlanRequest,
  ApplyWarmRequest,
} from './apply-plan-protocol';
import { warmUp } from './apply-warm-up';

/**
 * Parses and plans a pasted answer off the page's thread (decision 092): a long or hostile
 * answer keeps this worker busy, never the page, and Cancel ends the worker.
 */
const handle = createApplyPlanHandler({ holdAfters: true });
const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Whether a plan was asked for: the warm-up stops at its next step. */
let asked = false;

type Message = ApplyPlanRequest | ApplyWarmRequest | ApplyAnswerOffer | ApplyPlanPrepare;

scope.onmessage = (event: MessageEvent<Message>) => {
  const request = event.data;
  if (request.kind === 'warm') {
    warmUp(() => asked);
    return;
  }
  // An answer offered as it is pasted is parsed between warm-up steps; the plan still
  // waits to be asked for, and the warm-up goes on meanwhile.
  if (request.kind === 'offer') {
    const paths = handle.offer(request);
    if (paths) scope.postMessage(paths);
    return;
  }
  // The real plan, made ahead: nothing left to warm for.
  if (request.kind === 'prepare') {
    asked = true;
    handle.prepare(request);
    return;
  }
  // The warm-up goes on while the page reads the files a parse named: only the plan that
  // follows stops it, and waits for at most one step of it.
  if (request.kind === 'plan') asked = true;
  scope.postMessage(handle(request));
};
