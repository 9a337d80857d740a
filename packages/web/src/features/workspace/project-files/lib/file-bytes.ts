import { FILE_READ_GROUP_BYTES, type DecodedFile } from '@promptloom/core';
import { groupBySize, readTexts } from '../../../../lib/joined-reads';
import type { FileReadReply, FileReadRequest } from '../../../../workers/file-reader-protocol';

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

/**
 * The page's side of the file-reader worker. Reads asked for in the same task (a batch of
 * the prompt's files) are joined into groups of about FILE_READ_GROUP_BYTES, each read as one
 * Blob and cut by the files' sizes (decision 050); asked for texts, the worker decodes them
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
  /** What this task asked for: bytes, and texts by size cap. */
  private wantedBytes: Wanted<Uint8Array>[] = [];
  private wantedTexts = new Map<number, Wanted<DecodedFile>[]>();

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

  private flush() {
    const bytes = this.wantedBytes;
    const texts = this.wantedTexts;
    this.wantedBytes = [];
    this.wantedTexts = new Map();
    const groups = <T>(wanted: Wanted<T>[]) =>
      groupBySize(wanted, (w) => w.file.size, FILE_READ_GROUP_BYTES);
    for (const group of groups(bytes)) void this.readBytes(group);
    for (const [limitBytes, wanted] of texts) {
      for (const group of groups(wanted)) void this.readTexts(group, limitBytes);
    }
  }

  /** The reads asked for until the next task go together. */
  private flushSoon() {
    if (this.wantedBytes.length === 0 && this.wantedTexts.size === 0)
      setTimeout(() => this.flush(), 0);
  }

  readBytesOf(file: File): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.flushSoon();
      this.wantedBytes.push({ file, resolve, reject });
    });
  }

  readTextOf(file: File, limitBytes: number): Promise<DecodedFile> {
    return new Promise((resolve, reject) => {
      this.flushSoon();
      const wanted = this.wantedTexts.get(limitBytes) ?? [];
      this.wantedTexts.set(limitBytes, wanted);
      wanted.push({ file, resolve, reject });
    });
  }
}

/** A request answered on this thread, in the worker's reply shape. */
async function answerHere(id: number, { files, limitBytes }: Ask): Promise<FileReadReply> {
  if (limitBytes !== undefined) return { id, texts: await readTexts(files, limitBytes) };
  return { id, buffer: await new Blob(files).arrayBuffer() };
}

const reader = new FileReads();

/** The bytes of a picked or uploaded file, read off the main thread when possible. */
export const readFileBytes = (file: File): Promise<Uint8Array> => reader.readBytesOf(file);

/** A picked or uploaded file's text, read and decoded off the main thread when possible. */
export const readFileText = (file: File, limitBytes: number): Promise<DecodedFile> =>
  reader.readTextOf(file, limitBytes);
