import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FolderReply } from '#web/workers/folder-listing-protocol.ts';
import { FakeListingWorker as FakeWorker } from '#web/test/fake-listing-worker.ts';
import { createWorkerHandles } from './listing-worker';

const RULES = { corePatterns: ['.git/'], ignoreCase: false };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  vi.stubGlobal('Worker', FakeWorker);
  const handles = createWorkerHandles({ name: 'demo' } as FileSystemDirectoryHandle, () => {
    throw new Error('no fallback in this test');
  })!;
  return { handles, worker: FakeWorker.last! };
}

afterEach(() => vi.unstubAllGlobals());

describe('createWorkerHandles, walking ahead', () => {
  it('answers the scan from what the walk posted, without asking the worker again', async () => {
    const { handles, worker } = start();
    handles.prefetch!(RULES);
    expect(worker.posted).toContainEqual({ walk: 1, rules: RULES });
    const root = handles.list('');
    const gitignore = handles.readFile('.gitignore');
    worker.send({
      walk: 1,
      found: [
        { list: '', names: ['src', '.gitignore'], directories: [true, false] },
        { read: '.gitignore', buffer: new TextEncoder().encode('dist/\n').buffer },
      ],
    });
    expect((await root).map((e) => [e.name, e.kind])).toEqual([
      ['src', 'directory'],
      ['.gitignore', 'file'],
    ]);
    expect(new TextDecoder().decode(await gitignore)).toBe('dist/\n');
    worker.send({
      walk: 1,
      found: [{ list: 'src', error: { name: 'NotFoundError', message: 'gone' } }],
    });
    await expect(handles.list('src')).rejects.toMatchObject({ name: 'NotFoundError' });
    expect(worker.requests()).toEqual([]);
  });

  it('asks the worker for what the walk did not post once it ended, and ignores a stopped walk', async () => {
    const { handles, worker } = start();
    const stop = handles.prefetch!(RULES);
    const missing = handles.list('docs');
    worker.send({ walk: 1, found: [{ walked: true }] });
    await tick();
    expect(worker.requests()).toEqual([{ id: 1, op: 'list', path: 'docs' }]);
    worker.send([{ id: 1, names: ['a.md'], directories: [false] }] satisfies FolderReply[]);
    expect((await missing).map((e) => e.name)).toEqual(['a.md']);

    handles.prefetch!(RULES);
    stop();
    expect(worker.posted).not.toContainEqual({ stopWalk: 1 });
    worker.send({ walk: 1, found: [{ list: 'late', names: ['x'], directories: [false] }] });
    const late = handles.list('late');
    worker.send({ walk: 2, found: [{ walked: true }] });
    await tick();
    expect(worker.requests().at(-1)).toEqual({ id: 2, op: 'list', path: 'late' });
    worker.send([{ id: 2, names: ['y'], directories: [false] }] satisfies FolderReply[]);
    expect((await late).map((e) => e.name)).toEqual(['y']);
  });
});
