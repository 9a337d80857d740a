import type { ApplyPlan, FileText } from '@promptloom/core/apply';
import { createApplyPlanHandler } from '#web/workers/apply-plan-handler.ts';
import { restorePlanTexts } from '#web/workers/apply-plan-texts.ts';
import type {
  ApplyPlanRequest,
  ApplyPlanResponse,
  ApplyWarmRequest,
} from '#web/workers/apply-plan-protocol.ts';

/** Reading an answer in two steps: the paths it touches, then its plan against those files. */
export interface AnswerPlanner {
  /** `knownPaths`: the folder's files, so that a line naming one is read as its path. */
  parse(
    answer: string,
    signal?: AbortSignal,
    knownPaths?: readonly string[],
  ): Promise<{ parseId: number; paths: string[] }>;
  plan(
    parseId: number,
    files: ReadonlyMap<string, FileText | null>,
    signal?: AbortSignal,
  ): Promise<ApplyPlan>;
  /** Gets ready for a read (starts the worker), so the read does not wait for it to load. */
  warm?(): void;
}

type Request = ApplyPlanRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;

interface Pending {
  resolve: (response: ApplyPlanResponse) => void;
  reject: (error: unknown) => void;
}

const cancelled = () => new DOMException('Reading the answer was cancelled', 'AbortError');

/** Whether an error is a cancelled read (nothing to report). */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The page's side of the apply worker (decision 092). The worker starts on the first read
 * and stays; a cancel terminates it (the only way to stop a plan under way) and the next read
 * starts a new one. Where no worker can start, the same work runs on the page.
 */
export class WorkerAnswerPlanner implements AnswerPlanner {
  private worker: Worker | null = null;
  private inPage: ReturnType<typeof createApplyPlanHandler> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  parse(answer: string, signal?: AbortSignal, knownPaths?: readonly string[]) {
    const request = { kind: 'parse' as const, answer, ...(knownPaths && { knownPaths }) };
    return this.send(request, signal).then((response) => {
      if (!('paths' in response)) throw new Error('The apply worker answered out of turn');
      return { parseId: response.id, paths: response.paths };
    });
  }

  plan(parseId: number, files: ReadonlyMap<string, FileText | null>, signal?: AbortSignal) {
    return this.send({ kind: 'plan', parseId, files: [...files] }, signal).then((response) => {
      if (!('plan' in response)) throw new Error('The apply worker answered out of turn');
      return restorePlanTexts(response, files);
    });
  }

  warm(): void {
    // Where there are no workers, the first read says so (and reads on the page).
    if (typeof Worker === 'function' && !this.inPage) this.worker ??= this.start();
  }

  private start(): Worker | null {
    try {
      // Inline, as the bundler finds workers only in this exact form.
      const worker = new Worker(
        new URL('../../../../workers/apply-plan.worker.ts', import.meta.url),
        { type: 'module' },
      );
      worker.onmessage = (event: MessageEvent<ApplyPlanResponse>) => {
        this.pending.get(event.data.id)?.resolve(event.data);
      };
      worker.onerror = (event) => this.stop(new Error(event.message || 'Apply worker failed'));
      // Warms its engine until the first request (decision 115).
      worker.postMessage({ kind: 'warm' } satisfies ApplyWarmRequest);
      return worker;
    } catch (error) {
      console.warn('The apply worker could not start: answers are read on the page', error);
      this.inPage = createApplyPlanHandler();
      return null;
    }
  }

  private post(request: ApplyPlanRequest): void {
    if (!this.inPage) this.worker ??= this.start();
    if (this.worker) {
      this.worker.postMessage(request);
      return;
    }
    const handle = this.inPage!;
    // A task of its own, as a worker's reply would be: a cancel can still come first.
    setTimeout(() => {
      const pending = this.pending.get(request.id);
      if (pending) pending.resolve(handle(request));
    });
  }

  private async send(request: Request, signal?: AbortSignal): Promise<ApplyPlanResponse> {
    if (signal?.aborted) throw cancelled();
    const id = this.nextId++;
    const onAbort = () => this.stop(cancelled());
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await new Promise<ApplyPlanResponse>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        this.post({ ...request, id });
      });
      if ('error' in response) throw new Error(response.error);
      return response;
    } finally {
      this.pending.delete(id);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Ends the worker and fails what it held; the next call starts a new one. */
  private stop(error: unknown): void {
    this.worker?.terminate();
    this.worker = null;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

let shared: AnswerPlanner | null = null;

/** The page's one answer planner. */
export function answerPlanner(): AnswerPlanner {
  shared ??= new WorkerAnswerPlanner();
  return shared;
}
