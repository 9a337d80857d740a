import type { ApplyPlan, FileText, PlannedFile } from '@promptloom/core/apply';
import { type ApplyPlanHandler, createApplyPlanHandler } from '#web/workers/apply-plan-handler.ts';
import { restorePlanTexts } from '#web/workers/apply-plan-texts.ts';
import type {
  ApplyAnswerOffer,
  ApplyPlanPrepare,
  ApplyPlanRequest,
  ApplyPlanResponse,
  ApplyWarmRequest,
  PlanTexts,
} from '#web/workers/apply-plan-protocol.ts';
import type { AnswerPlanner, FileRead } from './answer-planner';
import { cancelled } from './cancelled-read';
import { decodeAll, handedBack, sameFiles } from './frame-sliced-files';
import { heldAfters } from './held-afters';

/** The offered answer's files as read after the offer, and their texts. */
interface Prepared {
  files: Map<string, Uint8Array | null>;
  texts: Map<string, FileText | null>;
}

/** An answer offered to the running worker. */
interface Offer {
  answer: string;
  knownPaths: readonly string[] | undefined;
  /** Its files read and sent to be planned ahead (null: not, or it failed). */
  prepared: Promise<Prepared | null>;
  /** The paths it touches, as the worker answered (null: not asked, or it failed). */
  paths: Promise<string[] | null>;
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
  private offered: Offer | null = null;
  /** The parse last answered from the offer (a plan of it may take the prepared plan). */
  private offeredParse: { parseId: number; prepared: Promise<Prepared | null> } | null = null;

  offer(answer: string, knownPaths?: readonly string[], read?: FileRead): void {
    const last = this.offered;
    if (last && last.answer === answer && last.knownPaths === knownPaths) return;
    if (!this.inPage) this.worker ??= this.start();
    if (!this.worker) return;
    const id = read ? this.nextId++ : undefined;
    this.worker.postMessage({
      kind: 'offer',
      answer,
      ...(knownPaths && { knownPaths }),
      ...(id !== undefined && { id }),
    } satisfies ApplyAnswerOffer);
    const none = Promise.resolve(null);
    const offered: Offer = { answer, knownPaths, prepared: none, paths: none };
    this.offered = offered;
    if (id === undefined || !read) return;
    const paths = new Promise<ApplyPlanResponse>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    )
      .finally(() => this.pending.delete(id))
      .then((response) => ('paths' in response ? response.paths : null))
      .catch(() => null);
    offered.paths = paths;
    offered.prepared = this.prepare(paths, read, () => this.offered === offered);
  }

  offeredPaths(answer: string, knownPaths?: readonly string[]) {
    const last = this.offered;
    if (!this.worker || !last || last.answer !== answer || last.knownPaths !== knownPaths)
      return null;
    return last.paths;
  }

  /**
   * Reads the offered answer's files and sends them to be planned ahead; null when the
   * answer changed meanwhile, a file could not be read or the worker ended.
   */
  private async prepare(
    offeredPaths: Promise<string[] | null>,
    read: FileRead,
    current: () => boolean,
  ): Promise<Prepared | null> {
    try {
      const paths = await offeredPaths;
      if (!paths || !current()) return null;
      const files = new Map<string, Uint8Array | null>();
      for (const [path, bytes] of await Promise.all(
        paths.map(async (path) => [path, await read(path)] as const),
      ))
        files.set(path, bytes);
      if (!current() || !this.worker) return null;
      this.worker.postMessage({ kind: 'prepare', files: [...files] } satisfies ApplyPlanPrepare);
      return { files, texts: await decodeAll(files) };
    } catch {
      return null;
    }
  }

  parse(answer: string, signal?: AbortSignal, knownPaths?: readonly string[]) {
    const last = this.offered;
    // The same string is compared at once; an equal copy, byte by byte, still well under
    // what sending it again costs.
    const request =
      this.worker && last && last.answer === answer && last.knownPaths === knownPaths
        ? { kind: 'parse' as const, offered: true as const }
        : { kind: 'parse' as const, answer, ...(knownPaths && { knownPaths }) };
    const prepared = 'offered' in request ? last!.prepared : null;
    return this.send(request, signal).then((response) => {
      if (!('paths' in response)) throw new Error('The apply worker answered out of turn');
      this.offeredParse = prepared && { parseId: response.id, prepared };
      return { parseId: response.id, paths: response.paths };
    });
  }

  async plan(parseId: number, files: ReadonlyMap<string, Uint8Array | null>, signal?: AbortSignal) {
    // The offered answer planned ahead against the same bytes: that plan, and its texts.
    const ahead = this.offeredParse?.parseId === parseId ? this.offeredParse.prepared : null;
    const prepared = ahead && (await ahead);
    signal?.throwIfAborted();
    if (prepared && (await sameFiles(prepared.files, files, signal))) {
      const response = await this.send({ kind: 'plan', parseId, prepared: true }, signal);
      if (!('plan' in response)) throw new Error('The apply worker answered out of turn');
      await handedBack(signal);
      return this.planned(response, new Map(prepared.texts));
    }
    const planned = this.send({ kind: 'plan', parseId, files: [...files] }, signal);
    // Awaited below; a cancel meanwhile must not count as unhandled.
    planned.catch(() => {});
    // The page decodes the same bytes while the worker plans, in slices that leave room
    // for typing: the review shows the texts, the worker sends back none it was sent.
    const texts = await decodeAll(files, signal);
    const response = await planned;
    if (!('plan' in response)) throw new Error('The apply worker answered out of turn');
    await handedBack(signal);
    return this.planned(response, texts);
  }

  /**
   * The plan with the texts the page sent put back; the new texts the worker holds
   * (`afterHeld`) are asked for as they are needed, from the worker that made the plan.
   */
  private planned(
    response: { id: number; plan: ApplyPlan } & PlanTexts,
    texts: Map<string, FileText | null>,
  ) {
    const plan = restorePlanTexts(response, texts);
    const places = new Map<PlannedFile, number>();
    plan.files.forEach((file, k) => {
      if (response.afterHeld?.[k]) places.set(file, k);
    });
    const worker = this.worker;
    const afters = heldAfters(places, async (files) => {
      // A new worker (after a cancel) holds none of this plan's texts.
      if (!worker || this.worker !== worker) throw new Error('The apply worker has ended');
      const reply = await this.send({ kind: 'afters', planId: response.id, files });
      if (!('afters' in reply)) throw new Error('The apply worker answered out of turn');
      return reply.afters;
    });
    return { plan, texts, afters };
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
        const { data } = event;
        this.pending.get(data.id)?.resolve(data);
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
    this.offeredParse = null;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
