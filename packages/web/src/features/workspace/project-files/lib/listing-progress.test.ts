import type { FileTreeNode } from '@promptloom/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListingStore } from '../stores/listing-store';
import { usePartialTree } from '../stores/partial-tree';
import { listingProgress } from './listing-progress';

const root: FileTreeNode = { type: 'directory', name: 'demo', path: '', size: 0, mtime: 0 };

afterEach(() => {
  vi.restoreAllMocks();
  usePartialTree.getState().publish(null);
});

describe('listingProgress', () => {
  it('shows the first rows at once, then rows at most once a second and figures every 150 ms', () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const published = vi.spyOn(usePartialTree.getState(), 'publish');
    const progress = listingProgress(new AbortController().signal);
    const at = (ms: number, listed: number) => {
      now = 10_000 + ms;
      progress.call(listed, root);
    };
    at(0, 10);
    expect(published).toHaveBeenCalledTimes(1);
    expect(usePartialTree.getState().tree?.root.name).toBe('demo');
    expect(useListingStore.getState().listed).toBe(10);
    at(100, 20); // within 150 ms: nothing
    expect(useListingStore.getState().listed).toBe(10);
    at(160, 30);
    at(320, 40);
    at(900, 50);
    expect(useListingStore.getState().listed).toBe(50);
    expect(published).toHaveBeenCalledTimes(1);
    at(1_050, 60);
    expect(published).toHaveBeenCalledTimes(2);
    at(1_200, 70);
    expect(published).toHaveBeenCalledTimes(2);
  });

  it('shows nothing once the listing is cancelled', () => {
    const controller = new AbortController();
    const progress = listingProgress(controller.signal);
    controller.abort();
    progress.call(5, root);
    expect(usePartialTree.getState().tree).toBeNull();
  });
});
