/// <reference lib="webworker" />
/**
 * A second indexing thread for the suggestion index worker, started by it: it indexes the
 * texts of the groups the index worker hands it (core's indexFile, as there) and answers their
 * entries, their buffers moved. Keys the page reports are passed on, so that it gives way to
 * them as the index worker does.
 */
import { type FileIndexEntry, indexFile } from '@promptloom/core';
import { KeyPause } from './suggest-index-pause';
import type { HelperReply, HelperRequest } from './suggest-index-helper-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const pause = new KeyPause();
let chain: Promise<void> = Promise.resolve();

function buffersOf(entries: readonly (FileIndexEntry | null)[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const entry of entries) {
    if (!entry) continue;
    for (const view of [entry.terms, entry.counts, entry.refs])
      buffers.add(view.buffer as ArrayBuffer);
    const passages = entry.passages;
    if (passages)
      for (const view of [passages.lengths, passages.starts, passages.ids, passages.counts])
        buffers.add(view.buffer as ArrayBuffer);
  }
  return [...buffers].filter((buffer) => buffer.byteLength > 0);
}

scope.onmessage = (event: MessageEvent<HelperRequest>) => {
  const message = event.data;
  if (message.type === 'typing') pause.keyTyped(message.key);
  else if (message.type === 'drawn') pause.keyDrawn(message.key);
  else {
    chain = chain.then(async () => {
      const entries: (FileIndexEntry | null)[] = [];
      for (let i = 0; i < message.paths.length; i++) {
        const waited = pause.between();
        if (waited) await waited;
        const text = message.texts[i];
        entries.push(text == null ? null : indexFile({ path: message.paths[i]!, text }));
      }
      scope.postMessage(
        { type: 'indexed', id: message.id, entries } satisfies HelperReply,
        buffersOf(entries),
      );
    });
  }
};
