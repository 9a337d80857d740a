import type { ApplyPlan, FileText } from '@promptloom/core/apply';
import type { HeldAfters } from './held-afters';
import { WorkerAnswerPlanner } from './worker-answer-planner';

/** Reading an answer in two steps: the paths it touches, then its plan against those files. */
export interface AnswerPlanner {
  /** `knownPaths`: the folder's files, so that a line naming one is read as its path. */
  parse(
    answer: string,
    signal?: AbortSignal,
    knownPaths?: readonly string[],
  ): Promise<{ parseId: number; paths: string[] }>;
  /**
   * `files`: each file's bytes (null: absent); `texts` tells what they were read as; `afters`,
   * the new texts the worker kept (null in `plan`), asked for as they are needed.
   */
  plan(
    parseId: number,
    files: ReadonlyMap<string, Uint8Array | null>,
    signal?: AbortSignal,
  ): Promise<{
    plan: ApplyPlan;
    texts: Map<string, FileText | null>;
    afters?: HeldAfters | null;
  }>;
  /** Gets ready for a read (starts the worker), so the read does not wait for it to load. */
  warm?(): void;
  /**
   * The answer as it is pasted: a read of it with the same known paths starts from its parse.
   * With `read`, its files are read at once and it is planned against them: a read that
   * finds the same bytes takes that plan.
   */
  offer?(answer: string, knownPaths?: readonly string[], read?: FileRead): void;
  /**
   * The paths the offered answer touches, when a parse of `answer` with `knownPaths` will
   * read the offer and they were asked for (an offer with `read`); else null.
   */
  offeredPaths?(answer: string, knownPaths?: readonly string[]): Promise<string[] | null> | null;
}

/** A file's bytes (null: absent). */
export type FileRead = (path: string) => Promise<Uint8Array | null>;

let shared: AnswerPlanner | null = null;

/** The page's one answer planner. */
export function answerPlanner(): AnswerPlanner {
  shared ??= new WorkerAnswerPlanner();
  return shared;
}
