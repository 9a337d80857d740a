/**
 * Joins a group of the index worker's files into one Blob and reads it, so that the Blob's
 * registration with the browser (a call the thread waits on while the browser's IO thread is
 * busy with every file's read) blocks this thread, not the one that indexes. The bytes are
 * moved back; the index worker decodes them.
 */
import { readJoined } from '../lib/joined-reads';

export interface ReaderRequest {
  id: number;
  files: File[];
}

export interface ReaderReply {
  id: number;
  joined: { buffer: ArrayBuffer; offsets: number[] } | null;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<ReaderRequest>) => {
  const { id, files } = event.data;
  const joined = await readJoined(files).catch(() => null);
  const reply: ReaderReply = { id, joined };
  scope.postMessage(reply, joined ? [joined.buffer] : []);
};
