import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApplyPlanHandler } from '#web/workers/apply-plan-handler.ts';
import type {
  ApplyAnswerOffer,
  ApplyPlanPrepare,
  ApplyPlanRequest,
  ApplyWarmRequest,
} from '#web/workers/apply-plan-protocol.ts';

type Message = ApplyPlanRequest | ApplyAnswerOffer | ApplyWarmRequest | ApplyPlanPrepare;
import { isCancelled } from './cancelled-read';
import { WorkerAnswerPlanner } from './worker-answer-planner';

const bytes = (text: string) => new TextEncoder().encode(text);

const ANSWER = [
  'src/a.ts',
  '```ts',
  '<<<<<<< SEARCH',
  'const a = 1;',
  '=======',
  'const a = 2;',
  '>>>>>>> REPLACE',
  '```',
].join('\n');

/** A worker that runs the real handler, answering in a later task as a worker does. */
class HandlerWorker {
  static started = 0;
  static terminated = 0;
  /** Every message posted to a worker. */
  static posted: Message[] = [];
  private readonly handle = createApplyPlanHandler();
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    HandlerWorker.started++;
  }
  postMessage(request: Message): void {
    HandlerWorker.posted.push(request);
    if (request.kind === 'warm') return;
    if (request.kind === 'prepare') return this.handle.prepare(request);
    const reply = request.kind === 'offer' ? this.handle.offer(request) : this.handle(request);
    if (reply) setTimeout(() => this.onmessage?.({ data: reply } as MessageEvent));
  }
  terminate() {
    HandlerWorker.terminated++;
  }
}

/** A worker busy for ever (a plan that would never end). */
class StuckWorker extends HandlerWorker {
  override postMessage() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  HandlerWorker.started = 0;
  HandlerWorker.terminated = 0;
  HandlerWorker.posted = [];
});

const parses = () => HandlerWorker.posted.filter((m) => m.kind === 'parse');

describe('WorkerAnswerPlanner', () => {
  it('parses in the worker, then plans the parsed answer against the files the page read', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const planner = new WorkerAnswerPlanner();
    const { parseId, paths } = await planner.parse(ANSWER);
    expect(paths).toEqual(['src/a.ts']);
    const { plan, texts } = await planner.plan(
      parseId,
      new Map([['src/a.ts', bytes('const a = 1;\n')]]),
    );
    expect(plan.files.map((f) => [f.path, f.status, f.before, f.after])).toEqual([
      ['src/a.ts', 'modified', 'const a = 1;\n', 'const a = 2;\n'],
    ]);
    expect(texts).toEqual(new Map([['src/a.ts', { text: 'const a = 1;\n' }]]));
    expect(HandlerWorker.started).toBe(1);
    // The worker was sent the bytes, not their text.
    const sent = HandlerWorker.posted.find((m) => m.kind === 'plan');
    expect(sent && 'files' in sent && sent.files[0]![1]).toBeInstanceOf(Uint8Array);
  });

  it('a file that is not UTF-8 is binary on both sides, and never edited', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const planner = new WorkerAnswerPlanner();
    const { parseId } = await planner.parse(ANSWER);
    const { plan, texts } = await planner.plan(
      parseId,
      new Map([['src/a.ts', new Uint8Array([0x63, 0xff, 0xfe, 0x0a])]]),
    );
    expect(texts.get('src/a.ts')).toEqual({ text: '', binary: true });
    expect(plan.files[0]).toMatchObject({ path: 'src/a.ts', status: 'failed' });
  });

  it('an answer offered as it is pasted is read without being sent again', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const planner = new WorkerAnswerPlanner();
    const known = ['src/a.ts'];
    planner.offer(ANSWER, known);
    // Offered twice, sent once.
    planner.offer(ANSWER, known);
    expect(HandlerWorker.posted.filter((m) => m.kind === 'offer')).toHaveLength(1);
    const { parseId, paths } = await planner.parse(ANSWER, undefined, known);
    expect(paths).toEqual(['src/a.ts']);
    expect(parses()).toEqual([expect.objectContaining({ offered: true })]);
    const { plan } = await planner.plan(parseId, new Map([['src/a.ts', bytes('const a = 1;\n')]]));
    expect(plan.files[0]).toMatchObject({ status: 'modified', after: 'const a = 2;\n' });
    // Read again: still not sent. Another answer, or other known paths: sent.
    await planner.parse(ANSWER, undefined, known);
    await planner.parse(ANSWER, undefined, ['src/a.ts', 'src/b.ts']);
    await planner.parse(`${ANSWER}\n`, undefined, known);
    expect(parses().map((m) => 'answer' in m)).toEqual([false, false, true, true]);
  });

  it('an answer offered with a reader is planned ahead: a read of the same bytes takes that plan', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const planner = new WorkerAnswerPlanner();
    const onDisk = new Map([['src/a.ts', 'const a = 1;\n']]);
    const read = vi.fn((path: string) => Promise.resolve(bytes(onDisk.get(path)!)));
    planner.offer(ANSWER, undefined, read);
    // Its paths are known before a read parses it; another answer's are not.
    await expect(planner.offeredPaths(ANSWER)).resolves.toEqual(['src/a.ts']);
    expect(planner.offeredPaths(`${ANSWER}\n`)).toBeNull();
    expect(planner.offeredPaths(ANSWER, ['src/a.ts'])).toBeNull();
    const reads = async () => {
      const { parseId } = await planner.parse(ANSWER);
      return planner.plan(parseId, new Map([['src/a.ts', bytes(onDisk.get('src/a.ts')!)]]));
    };
    const first = await reads();
    expect(read).toHaveBeenCalledWith('src/a.ts');
    expect(first.plan.files[0]).toMatchObject({
      status: 'modified',
      before: 'const a = 1;\n',
      after: 'const a = 2;\n',
    });
    expect(first.texts).toEqual(new Map([['src/a.ts', { text: 'const a = 1;\n' }]]));
    // Read again after an edit of the answer: the same plan, still not planned again.
    await expect(reads()).resolves.toEqual(first);
    const plans = () => HandlerWorker.posted.filter((m) => m.kind === 'plan');
    expect(plans().map((m) => 'prepared' in m)).toEqual([true, true]);
    // The file changed on disk since: planned against what the read found.
    onDisk.set('src/a.ts', 'let b;\nconst a = 1;\n');
    const changed = await reads();
    expect(changed.plan.files[0]).toMatchObject({ after: 'let b;\nconst a = 2;\n' });
    expect(plans().map((m) => 'prepared' in m)).toEqual([true, true, false]);
  });

  it('a plan made ahead that fails fails the read as the plan would', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const planner = new WorkerAnswerPlanner();
    const binary = new Uint8Array([0x63, 0xff, 0xfe, 0x0a]);
    planner.offer(ANSWER, undefined, () => Promise.resolve(binary));
    const { parseId } = await planner.parse(ANSWER);
    const { plan } = await planner.plan(parseId, new Map([['src/a.ts', binary]]));
    expect(plan.files[0]).toMatchObject({ path: 'src/a.ts', status: 'failed' });
    const handle = createApplyPlanHandler();
    handle.offer({ kind: 'offer', answer: ANSWER });
    handle.prepare({ kind: 'prepare', files: [['src/a.ts', bytes('x')]] });
    // A plan of another parse does not take it.
    handle({ id: 1, kind: 'parse', answer: ANSWER });
    expect(handle({ id: 2, kind: 'plan', parseId: 1, prepared: true })).toEqual({
      id: 2,
      error: 'No plan was prepared to read',
    });
  });

  it('an offer is forgotten with the worker a cancel ends', async () => {
    vi.stubGlobal('Worker', StuckWorker);
    const planner = new WorkerAnswerPlanner();
    planner.offer(ANSWER);
    const reading = new AbortController();
    const parsing = planner.parse(ANSWER, reading.signal);
    reading.abort();
    await parsing.catch(() => {});
    vi.stubGlobal('Worker', HandlerWorker);
    HandlerWorker.posted = [];
    await expect(planner.parse(ANSWER)).resolves.toMatchObject({ paths: ['src/a.ts'] });
    expect(parses()).toEqual([expect.objectContaining({ answer: ANSWER })]);
  });

  it('reads a line naming a file of the folder as its path, a name without an extension too', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const planner = new WorkerAnswerPlanner();
    const answer = '**deploy**\n\n```\n#!/bin/sh\necho hi\n```\n';
    await expect(planner.parse(answer)).resolves.toMatchObject({ paths: [] });
    const { parseId, paths } = await planner.parse(answer, undefined, ['deploy', 'src/a.ts']);
    expect(paths).toEqual(['deploy']);
    const { plan } = await planner.plan(parseId, new Map([['deploy', bytes('#!/bin/sh\n')]]));
    expect(plan.files.map((f) => [f.path, f.status])).toEqual([['deploy', 'modified']]);
  });

  it('Cancel ends a plan under way: the read rejects as cancelled, the worker is ended, the next read starts a new one', async () => {
    vi.stubGlobal('Worker', StuckWorker);
    const planner = new WorkerAnswerPlanner();
    const reading = new AbortController();
    const parsing = planner.parse(ANSWER, reading.signal);
    reading.abort();
    const error = await parsing.catch((e: unknown) => e);
    expect(isCancelled(error)).toBe(true);
    expect(HandlerWorker.terminated).toBe(1);

    vi.stubGlobal('Worker', HandlerWorker);
    await expect(planner.parse(ANSWER)).resolves.toMatchObject({ paths: ['src/a.ts'] });
    expect(HandlerWorker.started).toBe(2);
  });

  it('an answer read already cancelled never reaches the worker', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const reading = new AbortController();
    reading.abort();
    const error = await new WorkerAnswerPlanner()
      .parse(ANSWER, reading.signal)
      .catch((e: unknown) => e);
    expect(isCancelled(error)).toBe(true);
    expect(HandlerWorker.started).toBe(0);
  });

  it('reads on the page where no worker can start', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('no workers here');
        }
      },
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const planner = new WorkerAnswerPlanner();
    const { parseId } = await planner.parse(ANSWER);
    const { plan } = await planner.plan(parseId, new Map([['src/a.ts', null]]));
    expect(plan.files[0]).toMatchObject({ path: 'src/a.ts', status: 'failed' });
  });

  it('a worker error fails the read with its message', async () => {
    vi.stubGlobal('Worker', HandlerWorker);
    const planner = new WorkerAnswerPlanner();
    await expect(planner.plan(99, new Map())).rejects.toThrow('No parsed answer 99 to plan');
  });
});
