import { FILE_READ_GROUP_BYTES } from '@promptloom/core';
import { groupBySize } from '../../../../lib/joined-reads';

type Reply = { id: number; buffer: ArrayBuffer } | { id: number; error: string };
interface Wanted {
  file: File;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}
type Pending = { resolve: (buffer: ArrayBuffer) => void; reject: (error: Error) => void };

/**
 * The page's side of the file-reader worker. Reads asked for in the same task (a batch of
 * the prompt's files) are joined into groups of about FILE_READ_GROUP_BYTES, each read as one
 * Blob and cut by the files' sizes (decision 050). A group that cannot be read whole (a file
 * changed or went away since it was picked) is read file by file, so only that file fails.
 * Where a worker cannot run (or dies), files are read on this thread, which is correct, only
 * slower for the page.
 */
class FileBytesReader {
  private worker: Worker | null = null;
  private failed = typeof Worker === 'undefined';
  private nextId = 1;
  private readonly pending = new Map<number, Pending & { files: File[] }>();
  private wanted: Wanted[] = [];

  private start(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    try {
      this.worker = new Worker(
        new URL('../../../../workers/file-reader.worker.ts', import.meta.url),
        { type: 'module' },
      );
      this.worker.onmessage = (event: MessageEvent<Reply>) => this.settle(event.data);
      this.worker.onerror = () => this.fail();
    } catch {
      this.fail();
    }
    return this.worker;
  }

  private settle(reply: Reply) {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    if ('buffer' in reply) entry.resolve(reply.buffer);
    else entry.reject(new Error(reply.error));
  }

  private fail() {
    this.failed = true;
    this.worker?.terminate();
    this.worker = null;
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      readJoined(entry.files).then(entry.resolve, entry.reject);
    }
  }

  /** The bytes of `files` joined, read in the worker when there is one. */
  private readJoined(files: File[]): Promise<ArrayBuffer> {
    const worker = this.start();
    if (!worker) return readJoined(files);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, files });
      worker.postMessage({ id, files });
    });
  }

  private async readGroup(group: Wanted[]): Promise<void> {
    if (group.length > 1) {
      try {
        const buffer = await this.readJoined(group.map((w) => w.file));
        const sizes = group.reduce((sum, w) => sum + w.file.size, 0);
        if (buffer.byteLength === sizes) {
          let at = 0;
          for (const { file, resolve } of group) {
            resolve(new Uint8Array(buffer, at, file.size));
            at += file.size;
          }
          return;
        }
      } catch {
        // One of the files cannot be read: each is read alone below.
      }
    }
    await Promise.all(
      group.map(({ file, resolve, reject }) =>
        this.readJoined([file]).then((buffer) => resolve(new Uint8Array(buffer)), reject),
      ),
    );
  }

  private flush() {
    const wanted = this.wanted;
    this.wanted = [];
    for (const group of groupBySize(wanted, (w) => w.file.size, FILE_READ_GROUP_BYTES)) {
      void this.readGroup(group);
    }
  }

  read(file: File): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      // The reads asked for until the next task go together.
      if (this.wanted.length === 0) setTimeout(() => this.flush(), 0);
      this.wanted.push({ file, resolve, reject });
    });
  }
}

function readJoined(files: File[]): Promise<ArrayBuffer> {
  return new Blob(files).arrayBuffer();
}

const reader = new FileBytesReader();

/** The bytes of a picked or uploaded file, read off the main thread when possible. */
export const readFileBytes = (file: File): Promise<Uint8Array> => reader.read(file);
