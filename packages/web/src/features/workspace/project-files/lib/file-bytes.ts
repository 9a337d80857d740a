type Reply = { id: number; buffer: ArrayBuffer } | { id: number; error: string };
type Pending = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void; file: File };

/**
 * The page's side of the file-reader worker. Where a worker cannot run (or dies), files are
 * read directly, which is correct, only slower for the page.
 */
class FileBytesReader {
  private worker: Worker | null = null;
  private failed = typeof Worker === 'undefined';
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    try {
      this.worker = new Worker(
        new URL('../../../../workers/file-reader.worker.ts', import.meta.url),
        {
          type: 'module',
        },
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
    if ('buffer' in reply) entry.resolve(new Uint8Array(reply.buffer));
    else entry.reject(new Error(reply.error));
  }

  private fail() {
    this.failed = true;
    this.worker?.terminate();
    this.worker = null;
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      readDirectly(entry.file).then(entry.resolve, entry.reject);
    }
  }

  read(file: File): Promise<Uint8Array> {
    const worker = this.start();
    if (!worker) return readDirectly(file);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, file });
      worker.postMessage({ id, file });
    });
  }
}

async function readDirectly(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

const reader = new FileBytesReader();

/** The bytes of a picked or uploaded file, read off the main thread when possible. */
export const readFileBytes = (file: File): Promise<Uint8Array> => reader.read(file);
