import { type FileTreeNode } from '@promptloom/core';
import { LISTING_PROGRESS_INTERVAL_MS, LISTING_ROWS_INTERVAL_MS } from '#web/config/limits.ts';
import { useListingStore } from '../stores/listing-store';
import { usePartialTree } from '../stores/partial-tree';

/** Calls `fn` at most once per interval (the last call always lands, on `flush`). */
export function throttled<A extends unknown[]>(fn: (...args: A) => void, intervalMs: number) {
  let last = 0;
  let pending: A | null = null;
  return {
    call: (...args: A) => {
      const now = performance.now();
      if (now - last >= intervalMs) {
        last = now;
        pending = null;
        fn(...args);
      } else pending = args;
    },
    flush: () => {
      if (pending) fn(...pending);
      pending = null;
    },
  };
}

/**
 * A listing's `onProgress`: the figures at most every LISTING_PROGRESS_INTERVAL_MS, the rows
 * listed so far as soon as there are some, then at most every LISTING_ROWS_INTERVAL_MS.
 */
export function listingProgress(signal: AbortSignal) {
  let rowsShownAt = -Infinity;
  return throttled((listed: number, root: FileTreeNode) => {
    // Listings already asked still answer after a cancel: they must not bring the partial
    // tree back.
    if (signal.aborted) return;
    useListingStore.setState({ listed });
    const now = performance.now();
    if (now - rowsShownAt < LISTING_ROWS_INTERVAL_MS) return;
    rowsShownAt = now;
    usePartialTree.getState().publish(root);
  }, LISTING_PROGRESS_INTERVAL_MS);
}
