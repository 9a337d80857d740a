import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import type { SuggestIndexRequest } from '#web/workers/suggest-index-protocol.ts';
import { createJoiner, type JoinRequest } from '#web/workers/suggest-join.ts';

/**
 * A worker as the page sees it: what was posted to it, and a way to answer. The joiner's
 * (suggest-join.worker.ts) runs the real joiner and answers in a later task, as a worker does.
 */
class FakeWorker {
  static last: FakeWorker | null = null;
  static joiner: FakeWorker | null = null;
  /** What the page posted to the joiner, in order: `files N`, `end`. */
  static toJoiner: string[] = [];
  posted: SuggestIndexRequest[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private readonly join: ((request: JoinRequest) => void) | null = null;
  constructor(url: URL) {
    if (String(url).includes('suggest-join')) {
      FakeWorker.joiner = this;
      FakeWorker.toJoiner = [];
      this.join = createJoiner((reply) =>
        setTimeout(() => this.onmessage?.({ data: reply } as MessageEvent)),
      );
    } else FakeWorker.last = this;
  }
  postMessage(message: SuggestIndexRequest | JoinRequest) {
    if (this.join) {
      const request = message as JoinRequest;
      FakeWorker.toJoiner.push(request.type === 'end' ? 'end' : `files ${request.files.length}`);
      this.join(request);
    } else this.posted.push(message as SuggestIndexRequest);
  }
  terminate() {}
}

afterEach(() => {
  FakeWorker.joiner = null;
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function handOver(typing: boolean, singly = false, fileText = 'x') {
  vi.stubGlobal('Worker', FakeWorker);
  const { suggestIndex } = await import('./index-client');
  const paths = Array.from({ length: 40 }, (_, i) => `src/file-${i}.ts`);
  const listed = paths.map((path) => ({ path, size: 1, mtime: 1 }));
  const file = new File([fileText], 'file.ts');
  const listener = { progress() {}, ready() {}, failed() {} };
  suggestIndex.open('demo', listed, () => Promise.resolve(file), listener);
  const worker = FakeWorker.last!;
  const open = worker.posted[0] as Extract<SuggestIndexRequest, { type: 'open' }>;
  const order: string[] = [];
  if (typing) {
    window.dispatchEvent(new Event('input'));
    requestAnimationFrame(() => order.push('frame'));
  }
  const post = worker.postMessage.bind(worker);
  worker.postMessage = (message) => {
    if (message.type === 'files') order.push(`files ${message.files.length}`);
    if (message.type === 'joined') {
      const { paths: joined, sizes, blob } = message.files;
      expect(blob.size).toBe(sizes.reduce((sum, size) => sum + size, 0));
      order.push(`joined ${joined.split('\0').length}`);
    }
    post(message);
  };
  worker.onmessage!({
    data: { type: 'need', build: open.build, paths: paths.join('\0'), singly },
  } as MessageEvent);
  await vi.waitFor(() => {
    const handed = order.filter((step) => step !== 'frame');
    expect(handed.reduce((sum, step) => sum + Number(step.split(' ')[1]), 0)).toBe(40);
  });
  suggestIndex.stop();
  return order;
}

describe('the page hands an upload’s files to the index worker', () => {
  it('joined into one Blob a group', async () => {
    expect(await handOver(false)).toEqual(['joined 40']);
  });

  it('a group of FILE_READ_GROUP_BYTES at most', async () => {
    const third = 'x'.repeat(FILE_READ_GROUP_BYTES / 3);
    expect(await handOver(false, false, third)).toEqual(
      Array(13).fill('joined 3').concat('joined 1'),
    );
  });

  it('as Files, 32 to a message, when asked for one by one', async () => {
    expect(await handOver(false, true)).toEqual(['files 32', 'files 8']);
  });

  it('none before a typed key’s frame is drawn', async () => {
    expect(await handOver(true)).toEqual(['frame', 'joined 40']);
  });
});

describe('keys typed while the index builds', () => {
  it('cost the worker no message: its indexing does not stop for them', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { suggestIndex } = await import('./index-client');
    const listener = { progress() {}, ready() {}, failed() {} };
    const listed = [{ path: 'a.ts', size: 1, mtime: 1 }];
    suggestIndex.open('demo', listed, () => Promise.resolve(new File(['x'], 'a.ts')), listener);
    const worker = FakeWorker.last!;
    const posted = worker.posted.length;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(worker.posted.length).toBe(posted);
    suggestIndex.stop();
  });
});

describe('an upload’s files are joined off the page', () => {
  it('the page posts them to the joiner, 32 a task, which joins each group once', async () => {
    const joins: number[] = [];
    const NativeBlob = Blob;
    vi.stubGlobal(
      'Blob',
      class extends NativeBlob {
        constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
          super(parts, options);
          const files = (parts ?? []).filter((part) => part instanceof File).length;
          if (files > 0) joins.push(files);
        }
      },
    );
    expect(await handOver(false)).toEqual(['joined 40']);
    expect(FakeWorker.toJoiner).toEqual(['files 32', 'files 8', 'end']);
    expect(joins).toEqual([40]);
  });

  it('none to the joiner when asked for one by one', async () => {
    expect(await handOver(false, true)).toEqual(['files 32', 'files 8']);
    expect(FakeWorker.joiner).toBeNull();
  });
});
