import type { FolderRequest } from '../workers/folder-listing-protocol';

/**
 * Stands in for the folder-listing Web Worker in unit tests: records what the page posts and
 * answers when the test says so. Stub it with `vi.stubGlobal('Worker', FakeListingWorker)`;
 * the last one made is `FakeListingWorker.last`.
 */
export class FakeListingWorker {
  static last: FakeListingWorker | null = null;
  posted: unknown[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeListingWorker.last = this;
  }
  postMessage(data: unknown) {
    this.posted.push(data);
  }
  terminate() {}
  /** A message from the worker to the page. */
  send(data: unknown) {
    this.onmessage?.({ data });
  }
  /** The listings the page asked for, in order. */
  requests(): FolderRequest[] {
    return this.posted.filter((p): p is FolderRequest[] => Array.isArray(p)).flat();
  }
  /** The walks started and stopped, in order. */
  walks() {
    return this.posted.filter(
      (p) => !Array.isArray(p) && !(p as object as { root?: unknown }).root,
    );
  }
}
