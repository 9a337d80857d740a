import type { ApplyPlan, FileText } from '@promptloom/core/apply';
import { toFileText } from '#web/lib/file-text.ts';
import { frameBudget } from '#web/lib/yield-to-browser.ts';
import { type ApplyPlanHandler, createApplyPlanHandler } from '#web/workers/apply-plan-handler.ts';
import { restorePlanTexts } from '#web/workers/apply-plan-texts.ts';
import type {
  ApplyAnswerOffer,
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
  /** `files`: each file's bytes (null: absent); `texts` tells what they were read as. */
  plan(
    parseId: number,
    files: ReadonlyMap<string, Uint8Array | null>,
    signal?: AbortSignal,
  ): Promise<{ plan: ApplyPlan; texts: Map<string, FileText | null> }>;
  /** Gets ready for a read (starts the worker), so the read does not wait for it to load. */
  warm?(): void;
  /** The answer as it is pasted: a read of it with the same known paths starts from its parse. */
  offer?(answer: string, knownPaths?: readonly string[]): void;
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
  private inPage: ApplyPlanHandler | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** What the running worker was last offered: a parse of the same reads it there. */
  private offered: { answer: string; knownPaths: readonly string[] | undefined } | null = null;

  offer(answer: string, knownPaths?: readonly string[]): void {
    const last = this.offered;
    if (last && last.answer === answer && last.knownPaths === knownPaths) return;
    if (!this.inPage) this.worker ??= this.start();
    if (!this.worker) return;
    this.worker.postMessage({
      kind: 'offer',
      answer,
      ...(knownPaths && { knownPaths }),
    } satisfies ApplyAnswerOffer);
    this.offered = { answer, knownPaths };
  }

  parse(answer: string, signal?: AbortSignal, knownPaths?: readonly string[]) {
    const last = this.offered;
    // The same string is compared at once; an equal copy, byte by byte, still well under
    // what sending it again costs.
    const request =
      this.worker && last && last.answer === answer && last.knownPaths === knownPaths
        ? { kind: 'parse' as const, offered: true as const }
        : { kind: 'parse' as const, answer, ...(knownPaths && { knownPaths }) };
    return this.send(request, signal).then((response) => {
      if (!('paths' in response)) throw new Error('The apply worker answered out of turn');
      return { parseId: response.id, paths: response.paths };
    });
  }

  async plan(parseId: number, files: ReadonlyMap<string, Uint8Array | null>, signal?: AbortSignal) {
    const planned = this.send({ kind: 'plan', parseId, files: [...files] }, signal);
    // Awaited below; a cancel meanwhile must not count as unhandled.
    planned.catch(() => {});
    // The page decodes the same bytes while the worker plans, in slices that leave room
    // for typing: the review shows the texts, the worker sends back none it was sent.
    const texts = new Map<string, FileText | null>();
    const budget = frameBudget();
    for (const [path, bytes] of files) {
      texts.set(path, bytes === null ? null : toFileText(bytes));
      await budget();
      signal?.throwIfAborted();
    }
    const response = await planned;
    if (!('plan' in response)) throw new Error('The apply worker answered out of turn');
    return { plan: restorePlanTexts(response, texts), texts };
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
    this.offered = null;
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
