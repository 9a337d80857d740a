import type { ApplyPlan } from '@promptloom/core/apply';

/**
 * Messages between the page and the apply worker. Reading an answer takes two round trips:
 * `parse` answers the paths it touches (the page reads them through the folder handle or the
 * provider, which the worker cannot reach), then `plan` plans that parsed answer against them.
 * A parse with `offered` reads the answer (and known paths) last offered (`ApplyAnswerOffer`),
 * and parsed when it came.
 */
export type ApplyPlanRequest =
  /** `knownPaths`: the folder's files; a line naming one is read as its path. */
  | { id: number; kind: 'parse'; answer: string; knownPaths?: readonly string[] }
  | { id: number; kind: 'parse'; offered: true }
  /**
   * `files`: each file's bytes (null: absent), decoded in the worker: bytes are copied
   * whole, where strings are serialized on the page's thread.
   */
  | { id: number; kind: 'plan'; parseId: number; files: [string, Uint8Array | null][] }
  /** The plan `ApplyPlanPrepare` made ahead, for a parse of the offered answer. */
  | { id: number; kind: 'plan'; parseId: number; prepared: true }
  /** New texts plan `planId` left with the worker (`afterHeld`), by the file's place in it. */
  | { id: number; kind: 'afters'; planId: number; files: number[] };

/**
 * The answer as it is pasted, before it is read: the worker parses it at once, and the read
 * that follows sends neither the answer nor its known paths again, nor waits for its parse.
 */
export interface ApplyAnswerOffer {
  kind: 'offer';
  answer: string;
  knownPaths?: readonly string[];
  /** Asks for the paths it touches, answered as a parse is (the page reads them ahead). */
  id?: number;
}

/**
 * The offered answer's files as the page read them after the offer: the worker plans the
 * offered answer against them at once and keeps the plan. A read that finds the same bytes
 * asks for it (`prepared`) instead of sending them again and waiting for a plan.
 */
export interface ApplyPlanPrepare {
  kind: 'prepare';
  files: [string, Uint8Array | null][];
}

/**
 * A plan's texts the page sent are not sent back (decision 115): `before` is null in `plan`
 * where `sentBefore[k]` names the sent file holding the k-th file's text before, and `after`
 * where `afterIsBefore[k]` (nothing to write). The page puts them back (`restorePlanTexts`).
 * The worker keeps the new texts it made (decision 244): `after` is null in `plan` where
 * `afterHeld[k]`, and the page asks for it (`afters`) when it shows the file's diff or writes.
 */
export interface PlanTexts {
  sentBefore: (string | null)[];
  afterIsBefore: boolean[];
  afterHeld?: boolean[];
}

export type ApplyPlanResponse =
  | { id: number; paths: string[] }
  | ({ id: number; plan: ApplyPlan } & PlanTexts)
  /** The new texts asked for, `[the file's place in the plan, its text]`. */
  | { id: number; afters: [number, string][] }
  | { id: number; error: string };

/** Sent when the worker starts: it warms its engine until a real request comes (decision 115). */
export interface ApplyWarmRequest {
  kind: 'warm';
}
