interface FakeRecord {
  type: string;
  relativePathComponents: string[];
  relativePathMovedFrom?: string[] | null;
}

/**
 * A stand-in for Chromium's FileSystemObserver: the test delivers records by hand. Stub it
 * with `vi.stubGlobal('FileSystemObserver', FakeFolderObserver)`; the last one made is
 * `FakeFolderObserver.last`.
 */
export class FakeFolderObserver {
  static last: FakeFolderObserver | null = null;
  static failObserve = false;
  disconnected = false;
  observed: unknown[] = [];
  constructor(readonly callback: (records: FakeRecord[]) => void) {
    FakeFolderObserver.last = this;
  }
  observe(handle: unknown, options: unknown) {
    this.observed.push([handle, options]);
    return FakeFolderObserver.failObserve
      ? Promise.reject(new DOMException('too many watches', 'UnknownError'))
      : Promise.resolve();
  }
  disconnect() {
    this.disconnected = true;
  }
}
