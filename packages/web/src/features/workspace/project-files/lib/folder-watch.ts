import { ListingCache, type PathChange } from '@promptloom/core';

/**
 * FileSystemObserver (Chromium 129+, secure contexts): TypeScript's DOM library does not
 * declare it yet. Only what the watch uses.
 */
interface ChangeRecord {
  type: PathChange['type'];
  relativePathComponents: readonly string[];
  relativePathMovedFrom?: readonly string[] | null;
}
interface Observer {
  observe(handle: FileSystemHandle, options: { recursive: boolean }): Promise<void>;
  disconnect(): void;
}
type ObserverConstructor = new (callback: (records: ChangeRecord[]) => void) => Observer;

export interface FolderWatch {
  /** Listings, .gitignore contents and stats kept valid by the observer (decision 036). */
  cache: ListingCache;
  /** Settles once the observer runs (or failed: the cache is then off). */
  ready: Promise<void>;
  disconnect(): void;
}

const observerConstructor = () =>
  (globalThis as { FileSystemObserver?: ObserverConstructor }).FileSystemObserver;

const toChange = (record: ChangeRecord): PathChange => ({
  type: record.type,
  path: record.relativePathComponents.join('/'),
  from: record.relativePathMovedFrom?.join('/') ?? null,
});

/**
 * Watches a connected folder, recursively, so a refresh lists again only what changed.
 * `onChange` runs when a change touches a folder that was listed, or overtakes a listing
 * being read (what it gave may be stale). Without the API, or once the observer fails, the
 * cache is off and every refresh lists the whole folder (as before).
 */
export function watchFolder(root: FileSystemDirectoryHandle, onChange: () => void): FolderWatch {
  const cache = new ListingCache(onChange);
  const Constructor = observerConstructor();
  if (!Constructor) {
    cache.disable();
    return { cache, ready: Promise.resolve(), disconnect: () => {} };
  }
  let observer: Observer | null = null;
  try {
    observer = new Constructor((records) => {
      let touched = false;
      for (const record of records) touched = cache.apply(toChange(record)) || touched;
      if (touched) onChange();
    });
  } catch (error) {
    console.warn('FileSystemObserver unavailable:', error);
    cache.disable();
    return { cache, ready: Promise.resolve(), disconnect: () => {} };
  }
  const ready = observer.observe(root, { recursive: true }).then(
    () => cache.observing(),
    (error: unknown) => {
      console.warn('Cannot observe the folder; refresh lists it whole:', error);
      cache.disable();
    },
  );
  return {
    cache,
    ready,
    disconnect: () => {
      observer?.disconnect();
      observer = null;
      cache.disable();
    },
  };
}
