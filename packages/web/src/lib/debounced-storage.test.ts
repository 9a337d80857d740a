import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorageValue } from 'zustand/middleware';
import { debouncedJSONStorage } from './debounced-storage';

const value = (text: string): StorageValue<{ text: string }> => ({ state: { text }, version: 1 });
const stored = () =>
  localStorage.getItem('key') && (JSON.parse(localStorage.getItem('key')!) as unknown);

describe('debouncedJSONStorage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('writes the last value once, after the pause, and reads pending values meanwhile', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const storage = debouncedJSONStorage<{ text: string }>(() => localStorage, 300);
    for (const text of ['a', 'ab', 'abc']) void storage.setItem('key', value(text));
    expect(localStorage.getItem('key')).toBeNull();
    expect(storage.getItem('key')).toEqual(value('abc'));
    vi.advanceTimersByTime(299);
    expect(localStorage.getItem('key')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(stored()).toEqual(value('abc'));
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
  });

  it('writes everything pending when the page is hidden or left', () => {
    const storage = debouncedJSONStorage<{ text: string }>(() => localStorage, 300);
    void storage.setItem('key', value('typed'));
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual(value('typed'));
    expect(storage.getItem('key')).toEqual(value('typed'));
    void storage.setItem('key', value('more'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(stored()).toEqual(value('more'));
  });

  it('drops a pending write when the item is removed', () => {
    const storage = debouncedJSONStorage<{ text: string }>(() => localStorage, 300);
    localStorage.setItem('key', JSON.stringify(value('old')));
    void storage.setItem('key', value('new'));
    void storage.removeItem('key');
    vi.advanceTimersByTime(1_000);
    expect(localStorage.getItem('key')).toBeNull();
    expect(storage.getItem('key')).toBeNull();
  });
});
