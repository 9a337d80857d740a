/// <reference lib="webworker" />
/**
 * The suggestion index, built and ranked off the page (decision 097): the worker reads the
 * project's files itself (an upload's handed over by the page joined into Blobs, decision
 * 192, a connected folder's opened here from its root handle, decision 120; read in joined
 * groups and decoded here), indexes each with core's indexer as the CLI does, keeps the entries in
 * IndexedDB by size, mtime and text hash (decision 105), and ranks requests on the index.
 */
import { type HandlesByPath, handlesByPath } from '../lib/handles-by-path';
import { IndexBuild } from './suggest-index-build';
import {
  fromColumns,
  type SuggestIndexReply,
  type SuggestIndexRequest,
} from './suggest-index-protocol';
import { createSuggester } from './suggest-indexer';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: SuggestIndexReply) => scope.postMessage(reply);

/** Files of a connected folder asked of the browser at once. */
const FILES_OPENED_AT_ONCE = 256;
/** Progress is posted at most this often: the page redraws a bar, not every file. */
const PROGRESS_INTERVAL_MS = 250;
/** The graph's edges are kept in slices this long: a ranking asked meanwhile waits at most one. */
const WARM_SLICE_MS = 16;

const suggester = createSuggester();
let build = 0;
let lastProgress = 0;
/** Rankings asked for while a build runs wait for it: a rank on half an index misleads. */
let ready = false;
let waiting: (() => void)[] = [];

/** The connected folder's files, opened here: the page hands over only an upload's. */
let folder: HandlesByPath | null = null;

/**
 * Opens the files a build needs from the connected folder, a batch at a time, and hands them
 * to the build (which reads them in groups as they come); null where one cannot be opened.
 */
async function openFiles(forBuild: number, handles: HandlesByPath, paths: string[]) {
  for (let at = 0; at < paths.length && forBuild === build; at += FILES_OPENED_AT_ONCE) {
    const files = await Promise.all(
      paths.slice(at, at + FILES_OPENED_AT_ONCE).map(async (path) => ({
        path,
        file: await handles
          .file(path)
          .then((handle) => handle.getFile())
          .catch(() => null),
      })),
    );
    if (forBuild === build) void index.add(forBuild, files);
  }
}

const index = new IndexBuild((path: string, text: string) => suggester.index(path, text), {
  need(paths, singly) {
    if (folder) void openFiles(build, folder, paths);
    else post({ type: 'need', build, paths: paths.join('\0'), ...(singly ? { singly } : {}) });
  },
  progress(done, total) {
    const now = performance.now();
    if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    post({ type: 'progress', build, done, total });
  },
  ready(summary) {
    suggester.update(index.entries());
    post({ type: 'ready', build, ...summary });
    ready = true;
    const run = waiting;
    waiting = [];
    run.forEach((rank) => rank());
    // Once the index is whole, what rankings derive from it, so that the first one is quick,
    // then every file's graph edges, so that a ranking after an edit is too.
    const forBuild = build;
    setTimeout(() => {
      suggester.prepare();
      warmGraph(forBuild, 0);
    }, 0);
  },
});

/** Keeps the graph's edges a slice at a time, until done or a newer build starts. */
function warmGraph(forBuild: number, from: number) {
  if (forBuild !== build) return;
  const next = suggester.warm(from, performance.now() + WARM_SLICE_MS);
  if (next !== null) setTimeout(() => warmGraph(forBuild, next), 0);
}

function fail(error: unknown, ids: { build?: number; id?: number }) {
  post({ type: 'failed', ...ids, error: error instanceof Error ? error.message : String(error) });
}

scope.onmessage = (event: MessageEvent<SuggestIndexRequest>) => {
  const message = event.data;
  if (message.type === 'preload') {
    index.preload(message.scope).catch((error: unknown) => fail(error, {}));
  } else if (message.type === 'open') {
    build = message.build;
    ready = false;
    folder = message.root ? handlesByPath(message.root) : null;
    index
      .open(message.build, message.scope, fromColumns(message.files))
      .catch((error: unknown) => fail(error, { build: message.build }));
  } else if (message.type === 'files') {
    index.add(message.build, message.files).catch((error: unknown) => fail(error, { build }));
  } else if (message.type === 'joined') {
    index.addJoined(message.build, message.files).catch((error: unknown) => fail(error, { build }));
  } else {
    const { id, request, changedPaths, top } = message;
    const rank = () => {
      try {
        const start = performance.now();
        const files = suggester.rank(request, changedPaths, top);
        post({ type: 'ranked', id, files, ms: performance.now() - start });
      } catch (error) {
        fail(error, { id });
      }
    };
    if (ready) rank();
    else waiting.push(rank);
  }
};
