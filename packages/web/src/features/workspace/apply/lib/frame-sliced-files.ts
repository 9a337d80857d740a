import type { FileText } from '@promptloom/core/apply';
import { toFileText } from '#web/lib/file-text.ts';
import { frameBudget, keyFramesDrawn, yieldToBrowser } from '#web/lib/yield-to-browser.ts';
import { sameBytes } from './folder-io';

/**
 * Work on a read's files in slices of the page's frame budget, so that a read of megabytes
 * leaves room for typing.
 */

/**
 * Whether two reads found the same files with the same bytes; compared in slices of the
 * page's frame budget, as a read's megabytes are a long task compared at once.
 */
export async function sameFiles(
  a: ReadonlyMap<string, Uint8Array | null>,
  b: ReadonlyMap<string, Uint8Array | null>,
  signal?: AbortSignal,
): Promise<boolean> {
  if (a.size !== b.size) return false;
  const budget = frameBudget();
  for (const [path, bytes] of a) {
    const other = b.get(path);
    if (other === undefined || !sameBytes(bytes, other)) return false;
    await budget();
    signal?.throwIfAborted();
  }
  return true;
}

/** Each file's text, decoded in slices of the page's frame budget. */
export async function decodeAll(
  files: ReadonlyMap<string, Uint8Array | null>,
  signal?: AbortSignal,
): Promise<Map<string, FileText | null>> {
  const texts = new Map<string, FileText | null>();
  const budget = frameBudget();
  for (const [path, bytes] of files) {
    texts.set(path, bytes === null ? null : toFileText(bytes));
    await budget();
    signal?.throwIfAborted();
  }
  return texts;
}

/**
 * After the plan's message: taking it from the worker (a copy of every file's new text) is
 * a task of its own, and what the page does with the plan goes on in the next one.
 */
export async function handedBack(signal?: AbortSignal): Promise<void> {
  await yieldToBrowser();
  await keyFramesDrawn();
  signal?.throwIfAborted();
}
