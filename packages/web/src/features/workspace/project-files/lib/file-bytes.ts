import { type DecodedFile } from '@promptloom/core';
import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import { readTexts } from '#web/lib/joined-reads.ts';
import type { FileReadReply, FileReadRequest } from '#web/workers/file-reader-protocol.ts';

type Ask = Omit<FileReadRequest, 'id'>;
type Pending = {
  ask: Ask;
  resolve: (reply: FileReadReply) => void;
  reject: (error: Error) => void;
};
interface Wanted<T> {
  file: File;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/** Reads of one kind asked for and not sent yet: a group filling up to FILE_READ_GROUP_BYTES. */
interface Filling<T> {
  wanted: Wanted<T>[];
  bytes: number;
}

/**
 * The page's side of the file-reader worker. Reads asked for in the same task (a batch of
 * the prompt's files) are joined into groups of about FILE_READ_GROUP_BYTES, each read as one
 * Blob and cut by the files' sizes (decision 050). A group goes to the worker as soon as it is
 * full, the rest at the end of the task: a click's first reads then start before the browser
 * draws the click's frame, not after it (decision 089). Asked for texts, the worker decodes them
 * too, so the page never decodes a file. A group that cannot be read whole (a file changed or
 * went away since it was picked) is read file by file, so only that file fails. Where a
 * worker cannot run (or dies), files are read on this thread, which is correct, only slower
 * for the page.
 */
class FileReads {
  private worker: Worker | null = null;
  private failed = typeof Worker === 'undefined';
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** What this task asked for and is not sent yet: bytes, and texts by size cap. */
  private wantedBytes: Filling<Uint8Array> = { wanted: [], bytes: 0 };
  private wantedTexts = new Map<number, Filling<DecodedFile>>();
  private flushing = false;

  /** Starts the worker ahead of reads (it takes a while to load on a busy page). */
  warm(): void {
    this.start();
  }

  private start(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    try {
      this.worker = new Worker(
        new URL('../../../../workers/file-reader.worker.ts', import.meta.url),
        { type: 'module' },
      );
      this.worker.onmessage = (event: MessageEvent<FileReadReply>) => this.settle(event.data);
      this.worker.onerror = () => this.fail();
    } catch {
      this.fail();
    }
    return this.worker;
  }

  private settle(reply: FileReadReply) {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    if ('error' in reply) entry.reject(new Error(reply.error));
    else entry.resolve(reply);
  }

  private fail() {
    this.failed = true;
    this.worker?.terminate();
    this.worker = null;
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      answerHere(id, entry.ask).then(entry.resolve, entry.reject);
    }
  }

  /** The files read together, in the worker when there is one. */
  private ask(ask: Ask): Promise<FileReadReply> {
    const id = this.nextId++;
    const worker = this.start();
    if (!worker) return answerHere(id, ask);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { ask, resolve, reject });
      worker.postMessage({ id, ...ask } satisfies FileReadRequest);
    });
  }

  private async readBytes(group: Wanted<Uint8Array>[]): Promise<void> {
    if (group.length > 1) {
      const reply = await this.ask({ files: group.map((w) => w.file) }).catch(() => null);
      const sizes = group.reduce((sum, w) => sum + w.file.size, 0);
      if (reply && 'buffer' in reply && reply.buffer.byteLength === sizes) {
        let at = 0;
        for (const { file, resolve } of group) {
          resolve(new Uint8Array(reply.buffer, at, file.size));
          at += file.size;
        }
        return;
      }
    }
    // Alone, so that only a file that cannot be read fails.
    await Promise.all(
      group.map(({ file, resolve, reject }) =>
        this.ask({ files: [file] }).then(
          (reply) => 'buffer' in reply && resolve(new Uint8Array(reply.buffer)),
          reject,
        ),
      ),
    );
  }

  private async readTexts(group: Wanted<DecodedFile>[], limitBytes: number): Promise<void> {
    if (group.length > 1) {
      const reply = await this.ask({ files: group.map((w) => w.file), limitBytes }).catch(
        () => null,
      );
      if (reply && 'texts' in reply && reply.texts) {
        const texts = reply.texts;
        group.forEach(({ resolve }, i) => resolve(texts[i]!));
        return;
      }
    }
    await Promise.all(
      group.map(({ file, resolve, reject }) =>
        this.ask({ files: [file], limitBytes }).then(
          (reply) => 'texts' in reply && reply.texts && resolve(reply.texts[0]!),
          reject,
        ),
      ),
    );
  }

  /** What is left at the end of the task goes, each kind as one group. */
  private flush() {
    this.flushing = false;
    const bytes = this.wantedBytes;
    const texts = this.wantedTexts;
    this.wantedBytes = { wanted: [], bytes: 0 };
    this.wantedTexts = new Map();
    if (bytes.wanted.length > 0) void this.readBytes(bytes.wanted);
    for (const [limitBytes, { wanted }] of texts) void this.readTexts(wanted, limitBytes);
  }

  /**
   * Adds a wanted file to its group; a group it would take past FILE_READ_GROUP_BYTES is sent
   * first (a file larger than that goes alone).
   */
  private want<T>(filling: Filling<T>, wanted: Wanted<T>, send: (group: Wanted<T>[]) => void) {
    if (!this.flushing) {
      this.flushing = true;
      setTimeout(() => this.flush(), 0);
    }
    const size = wanted.file.size;
    if (filling.wanted.length > 0 && filling.bytes + size > FILE_READ_GROUP_BYTES) {
      send(filling.wanted);
      filling.wanted = [];
      filling.bytes = 0;
    }
    filling.wanted.push(wanted);
    filling.bytes += size;
  }

  readBytesOf(file: File): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.want(this.wantedBytes, { file, resolve, reject }, (group) => {
        void this.readBytes(group);
      });
    });
  }

  readTextOf(file: File, limitBytes: number): Promise<DecodedFile> {
    return new Promise((resolve, reject) => {
      let filling = this.wantedTexts.get(limitBytes);
      if (!filling) {
        filling = { wanted: [], bytes: 0 };
        this.wantedTexts.set(limitBytes, filling);
      }
      this.want(filling, { file, resolve, reject }, (group) => {
        void this.readTexts(group, limitBytes);
      });
    });
  }
}

/** A request answered on this thread, in the worker's reply shape. */
async function answerHere(id: number, { files, limitBytes }: Ask): Promise<FileReadReply> {
  if (limitBytes !== undefined) return { id, texts: await readTexts(files, limitBytes) };
  return { id, buffer: await new Blob(files).arrayBuffer() };
}

const reader = new FileReads();

/** Starts the reading worker now, so that reads soon to come do not wait for it to load. */
export const warmFileReads = (): void => reader.warm();

/** The bytes of a picked or uploaded file, read off the main thread when possible. */
export const readFileBytes = (file: File): Promise<Uint8Array> => reader.readBytesOf(file);

/** A picked or uploaded file's text, read and decoded off the main thread when possible. */
export const readFileText = (file: File, limitBytes: number): Promise<DecodedFile> =>
  reader.readTextOf(file, limitBytes);
