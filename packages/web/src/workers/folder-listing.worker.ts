/// <reference lib="webworker" />
/**
 * Walks a connected folder's handles off the main thread (decisions 031 and 065): listing a
 * directory through the File System Access API is one promise and one browser round trip
 * per entry, which made most of the page's busy time while a large folder opened. Every
 * handle met is kept here, by path, so a directory is listed and a file stat'd or read from
 * its own handle; the page only receives names and kinds, sizes and bytes. Before the page's
 * scan, the worker walks the folder ahead with the scan's rules (folder-walk.ts).
 */
import { FILE_READ_GROUP_BYTES } from '../config/limits';
import { handlesByPath, type HandlesByPath } from '../lib/handles-by-path';
import { groupBySize, readJoined, readTexts } from '../lib/joined-reads';
import type {
  FolderError,
  FolderReply,
  FolderRequest,
  FolderStart,
  FolderWalk,
} from './folder-listing-protocol';
import { folderWalker } from './folder-walk';

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Set by the page's first message, the folder's root. */
let handles: HandlesByPath | null = null;

function folder(): HandlesByPath {
  if (!handles) throw new Error('No folder');
  return handles;
}

/**
 * Answers waiting to go back: those of one task go in one message, sent from a microtask so
 * that no answer waits behind the worker's other tasks (the walk pipelines many listings,
 * and the page lists the next level only once it has this one).
 */
let replies: FolderReply[] = [];

function flush() {
  const batch = replies;
  replies = [];
  scope.postMessage(batch);
}

function reply(answer: FolderReply) {
  replies.push(answer);
  if (replies.length === 1) queueMicrotask(flush);
}

const errorOf = (error: unknown): FolderError =>
  error instanceof Error || error instanceof DOMException
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };

async function run({ id, op, path }: FolderRequest): Promise<void> {
  try {
    if (op === 'list') {
      const entries = await folder().list(path);
      reply({
        id,
        names: entries.map((entry) => entry.name),
        directories: entries.map((entry) => entry.kind === 'directory'),
      });
      return;
    }
    // 'stat' or 'file': reads are answered in groups (readAll).
    const file = await (await folder().file(path)).getFile();
    reply(op === 'file' ? { id, file } : { id, size: file.size, mtime: file.lastModified });
  } catch (error) {
    reply({ id, error: errorOf(error) });
  }
}

/**
 * Sends the files' bytes back, transferred: files of about FILE_READ_GROUP_BYTES together are
 * read as one Blob and go back as one buffer with each file's place in it. A group that cannot
 * be read whole (a file changed since it was opened) is read file by file.
 */
async function readFiles(wanted: { id: number; file: File }[]): Promise<void> {
  if (wanted.length > 1) {
    const joined = await readJoined(wanted.map((w) => w.file)).catch(() => null);
    if (joined) {
      const { buffer, offsets } = joined;
      const answers = wanted.map(({ id, file }, i) => ({
        id,
        buffer,
        byteOffset: offsets[i]!,
        byteLength: file.size,
      }));
      scope.postMessage(answers, [buffer]);
      return;
    }
  }
  for (const { id, file } of wanted) {
    try {
      const buffer = await file.arrayBuffer();
      scope.postMessage([{ id, buffer, byteOffset: 0, byteLength: buffer.byteLength }], [buffer]);
    } catch (error) {
      reply({ id, error: errorOf(error) });
    }
  }
}

/**
 * Sends each file's text back (decodeFile: checked and decoded here, so the page never decodes
 * a file), files of about FILE_READ_GROUP_BYTES read together as one Blob; a group that cannot
 * be read whole is read file by file.
 */
async function readFileTexts(
  wanted: { id: number; file: File }[],
  limitBytes: number,
): Promise<void> {
  if (wanted.length > 1) {
    const texts = await readTexts(
      wanted.map((w) => w.file),
      limitBytes,
    ).catch(() => null);
    if (texts) {
      wanted.forEach(({ id }, i) => reply({ id, text: texts[i]! }));
      return;
    }
  }
  for (const { id, file } of wanted) {
    try {
      reply({ id, text: (await readTexts([file], limitBytes))![0]! });
    } catch (error) {
      reply({ id, error: errorOf(error) });
    }
  }
}

/**
 * The reads of one batch of requests: every file opened at once, then read in groups, as
 * bytes or, by size cap, as texts.
 */
async function readAll(requests: FolderRequest[]): Promise<void> {
  const opened = await Promise.all(
    requests.map(async ({ id, path }) => {
      try {
        return { id, file: await (await folder().file(path)).getFile() };
      } catch (error) {
        reply({ id, error: errorOf(error) });
        return null;
      }
    }),
  );
  const byCap = new Map<number | undefined, { id: number; file: File }[]>();
  opened.forEach((entry, i) => {
    if (!entry) return;
    const cap = requests[i]!.op === 'text' ? requests[i]!.limitBytes : undefined;
    const files = byCap.get(cap) ?? [];
    byCap.set(cap, files);
    files.push(entry);
  });
  const reads: Promise<void>[] = [];
  for (const [cap, files] of byCap) {
    for (const group of groupBySize(files, (entry) => entry.file.size, FILE_READ_GROUP_BYTES)) {
      reads.push(cap === undefined ? readFiles(group) : readFileTexts(group, cap));
    }
  }
  await Promise.all(reads);
}

const walker = folderWalker(
  folder,
  (message, transfer) => scope.postMessage(message, transfer),
  errorOf,
);

scope.onmessage = (event: MessageEvent<FolderStart | FolderWalk | FolderRequest[]>) => {
  const data = event.data;
  if (!Array.isArray(data)) {
    if ('root' in data) handles = handlesByPath(data.root);
    else if ('rules' in data) walker.start(data.walk, data.rules);
    else walker.stop(data.stopWalk);
    return;
  }
  const reads: FolderRequest[] = [];
  for (const request of data) {
    if (request.op === 'read' || request.op === 'text') reads.push(request);
    else void run(request);
  }
  if (reads.length > 0) void readAll(reads);
};
