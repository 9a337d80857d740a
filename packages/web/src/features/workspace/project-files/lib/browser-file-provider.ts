/**
 * Browser implementations of core's FileProvider: one over a File System Access directory
 * handle (read lazily, nothing copied), one over the File[] of a folder upload.
 * Paths are POSIX-style and relative to the project root ("src/app.ts").
 *
 * Opening a folder goes in stages (decision 031): `list` only names entries (no getFile(),
 * so ignored files are never asked anything), `stat` gives a kept file's size and mtime
 * afterwards, `readFile` reads the selected ones. A connected folder is observed, where the
 * browser can, so a refresh lists again only the folders that changed (decision 036).
 */
import { type FileEntry, type FileProvider, type FileStat } from '@promptloom/core';
import { OBSERVER_START_WAIT_MS } from '#web/config/limits.ts';
import { useListingStore } from '../stores/listing-store';
import { handlesByPath } from '#web/lib/handles-by-path.ts';
import type { WalkRules } from '#web/workers/folder-listing-protocol.ts';
import { readFileBytes, readFileText } from './file-bytes';
import { watchFolder } from './folder-watch';
import { createWorkerHandles } from './listing-worker';

export interface BrowserFileProvider extends FileProvider {
  readonly kind: 'handle' | 'upload';
  readonly rootName: string;
  /** Size and mtime of a listed file (the metadata stage). */
  stat(path: string): Promise<FileStat>;
  /**
   * Paths the browser handed over under a name it cannot represent as one path segment
   * (a `\`, an empty, `.` or `..` segment): reported, never turned into folders.
   */
  readonly unrepresentable: readonly string[];
  /**
   * The sizes and mtimes of a folder's files still known from an earlier stage (no change
   * seen since), by name.
   */
  knownStats?(dirPath: string): ReadonlyMap<string, FileStat> | undefined;
  /**
   * Walks the folder ahead of a scan with the rules it applies (decision 072), so the scan's
   * listings are there before it asks; returns what stops the walk (the scan ended).
   */
  prefetch?(rules: WalkRules): () => void;
  /**
   * Starts the first scan's walk as soon as the folder is picked (decision 079): the scan's
   * `prefetch` with the same rules takes it over, with other rules stops it.
   */
  prefetchEarly?(rules: WalkRules): void;
  /** A file to hand to a worker that reads it itself (the suggestion index), unread. */
  fileOf?(path: string): Promise<File>;
  /** A connected folder's root, for a worker that opens its files itself. */
  readonly root?: FileSystemDirectoryHandle;
  /** Stops watching the folder (disconnect, another project). */
  dispose?(): void;
}

const split = (path: string) => path.split('/').filter(Boolean);

/** A segment that cannot stand as one name in a POSIX-style relative path. */
const unsafeSegment = (name: string) =>
  name === '' || name === '.' || name === '..' || name.includes('\\');

/**
 * The folder-access provider, observed from before its first listing (waiting at most
 * OBSERVER_START_WAIT_MS for the observer), so no change between a listing and the next
 * refresh is missed. `onChange` runs when a listed folder changes.
 */
export function createHandleProvider(
  root: FileSystemDirectoryHandle,
  onChange: () => void = () => useListingStore.getState().markChangesPending(),
): BrowserFileProvider {
  const watch = watchFolder(root, onChange);
  const started = Promise.race([
    watch.ready,
    new Promise<void>((resolve) => setTimeout(resolve, OBSERVER_START_WAIT_MS)),
  ]);
  // The walk runs in a worker where one can (decision 065), else on this thread.
  const handles = createWorkerHandles(root, () => listHandles(root)) ?? listHandles(root);
  // The root goes to the suggestion index's worker, which opens the files it needs itself.
  const provider: BrowserFileProvider = Object.assign(watch.cache.wrap(handles), { root });
  // Waits before the cache is asked: a listing read before the observer runs is not kept.
  const list = provider.list.bind(provider);
  provider.list = async (dirPath) => {
    await started;
    return list(dirPath);
  };
  provider.knownStats = (dirPath) => watch.cache.statsIn(dirPath);
  const walkAhead = handles.prefetch?.bind(handles);
  let scans = 0;
  const prefetch = (rules: WalkRules) => {
    // A refresh of an observed folder lists again only the folders that changed (decision
    // 036): a whole walk would only cost.
    if (!walkAhead || (scans++ > 0 && watch.cache.active)) return () => {};
    let stop: (() => void) | null = null;
    let stopped = false;
    // After the observer, as the scan's own listings: what is read before is not kept.
    void started.then(() => {
      if (stopped) return;
      // What the walk posts is read before the scan asks: the cache must know (decision 081).
      const aheadDone = watch.cache.readingAhead();
      const stopWalk = walkAhead(rules);
      stop = () => {
        stopWalk();
        aheadDone();
      };
    });
    return () => {
      stopped = true;
      stop?.();
    };
  };
  let early: { rules: string; stop: () => void } | null = null;
  provider.prefetchEarly = (rules) => {
    if (scans === 0) early = { rules: JSON.stringify(rules), stop: prefetch(rules) };
  };
  provider.prefetch = (rules) => {
    const started = early;
    early = null;
    if (started?.rules === JSON.stringify(rules)) return started.stop;
    if (started) {
      started.stop();
      scans = 0;
    }
    return prefetch(rules);
  };
  provider.dispose = () => {
    watch.disconnect();
    handles.dispose?.();
  };
  return provider;
}

/** The handle provider itself, on this thread: every handle met is kept, by path. */
function listHandles(root: FileSystemDirectoryHandle): BrowserFileProvider {
  const handles = handlesByPath(root);
  return {
    kind: 'handle',
    rootName: root.name,
    unrepresentable: [],
    list: (dirPath) => handles.list(dirPath),
    async stat(path) {
      const f = await (await handles.file(path)).getFile();
      return { size: f.size, mtime: f.lastModified };
    },
    async readFile(path) {
      return readFileBytes(await (await handles.file(path)).getFile());
    },
    async readText(path, limitBytes) {
      return readFileText(await (await handles.file(path)).getFile(), limitBytes);
    },
    async fileOf(path) {
      return (await handles.file(path)).getFile();
    },
  };
}

/** The root folder name of an upload: the first segment of every webkitRelativePath. */
export function uploadRootName(files: readonly File[]): string {
  const first = files[0]?.webkitRelativePath ?? '';
  return split(first)[0] ?? 'project';
}

/**
 * The upload goes through the same stages as the handle provider (the scan applies the
 * ignore rules while walking this in-memory listing); its sizes and mtimes are known at
 * once, so the metadata stage only copies them.
 */
export function createUploadProvider(files: readonly File[]): BrowserFileProvider {
  const rootName = uploadRootName(files);
  const byPath = new Map<string, File>();
  const children = new Map<string, Map<string, FileEntry>>();
  const unrepresentable: string[] = [];
  const childrenOf = (dir: string) => {
    let map = children.get(dir);
    if (!map) {
      map = new Map();
      children.set(dir, map);
    }
    return map;
  };
  childrenOf('');
  for (const f of files) {
    // Drop the root folder segment so paths match the handle provider's.
    const relative = f.webkitRelativePath || f.name;
    const parts = relative.split('/').slice(f.webkitRelativePath ? 1 : 0);
    if (parts.length === 0) continue;
    if (parts.some(unsafeSegment)) {
      unrepresentable.push(parts.join('/'));
      continue;
    }
    // A `\` in a file's name can reach webkitRelativePath as a `/` while the name keeps
    // it (seen with headless Chromium on Linux): the path's last segment is then not the
    // name. Reported, never turned into folders.
    if (f.webkitRelativePath && parts.at(-1) !== f.name) {
      const joined = parts.join('/');
      const flat = f.name.replaceAll('\\', '/');
      unrepresentable.push(
        joined.endsWith(flat) ? `${joined.slice(0, -flat.length)}${f.name}` : joined,
      );
      continue;
    }
    byPath.set(parts.join('/'), f);
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      const name = parts[i] as string;
      const isFile = i === parts.length - 1;
      childrenOf(parent).set(
        name,
        isFile
          ? { name, kind: 'file', size: f.size, mtime: f.lastModified }
          : { name, kind: 'directory', size: 0, mtime: 0 },
      );
    }
  }
  const get = (path: string) => {
    const f = byPath.get(split(path).join('/'));
    if (!f) throw new DOMException(`File not found: ${path}`, 'NotFoundError');
    return f;
  };
  return {
    kind: 'upload',
    rootName,
    unrepresentable,
    list(dirPath) {
      const map = children.get(split(dirPath).join('/'));
      if (!map) return Promise.reject(new DOMException(`Not found: ${dirPath}`, 'NotFoundError'));
      return Promise.resolve([...map.values()]);
    },
    stat(path) {
      try {
        const f = get(path);
        return Promise.resolve({ size: f.size, mtime: f.lastModified });
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    async readFile(path) {
      return readFileBytes(get(path));
    },
    async readText(path, limitBytes) {
      return readFileText(get(path), limitBytes);
    },
    fileOf(path) {
      try {
        return Promise.resolve(get(path));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
