/// <reference lib="webworker" />
/**
 * Reads file bytes off the main thread: copying thousands of uploaded or picked files into
 * ArrayBuffers is main-thread work in Chromium, enough to delay keystrokes while a large
 * selection is counted. The files of a request are joined into one Blob and read at once (a
 * read per File costs a round trip to the browser process, which for small files costs more
 * than their bytes). Asked for bytes, the buffer goes back transferred; asked for texts (a
 * size cap given), each file is checked and decoded here (decoding cost the page more than
 * any other part of a read), and only the strings go back.
 */
import { readTexts } from '../lib/joined-reads';
import type { FileReadReply, FileReadRequest } from './file-reader-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<FileReadRequest>) => {
  const { id, files, limitBytes } = event.data;
  const post = (reply: FileReadReply, transfer: Transferable[] = []) =>
    scope.postMessage(reply, transfer);
  try {
    if (limitBytes === undefined) {
      const buffer = await new Blob(files).arrayBuffer();
      post({ id, buffer }, [buffer]);
    } else {
      post({ id, texts: await readTexts(files, limitBytes) });
    }
  } catch (error) {
    post({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
