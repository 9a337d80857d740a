import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import type { SuggestIndexRequest } from '#web/workers/suggest-index-protocol.ts';

/** The worker as the page sees it: what was posted to it, and a way to answer. */
class FakeWorker {
  static last: FakeWorker | null = null;
  posted: SuggestIndexRequest[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: SuggestIndexRequest) {
    this.posted.push(message);
  }
  terminate() {}
}

afterEach(() => {
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

describe('the page joins an upload’s files', () => {
  it('16 at most in one task, a group’s parts joined after', async () => {
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
    expect(joins).toEqual([16, 16, 8]);
  });
});
