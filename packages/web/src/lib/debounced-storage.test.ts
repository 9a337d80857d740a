import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debouncedStorage } from './debounced-storage';

describe('debouncedStorage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('writes the last value once, after the pause, and reads pending values meanwhile', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const storage = debouncedStorage(() => localStorage, 300);
    for (const value of ['a', 'ab', 'abc']) storage.setItem('key', value);
    expect(localStorage.getItem('key')).toBeNull();
    expect(storage.getItem('key')).toBe('abc');
    vi.advanceTimersByTime(299);
    expect(localStorage.getItem('key')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem('key')).toBe('abc');
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
  });

  it('writes everything pending when the page is hidden or left', () => {
    const storage = debouncedStorage(() => localStorage, 300);
    storage.setItem('key', 'typed');
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('key')).toBe('typed');
    storage.setItem('key', 'more');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(localStorage.getItem('key')).toBe('more');
  });

  it('drops a pending write when the item is removed', () => {
    const storage = debouncedStorage(() => localStorage, 300);
    localStorage.setItem('key', 'old');
    storage.setItem('key', 'new');
    storage.removeItem('key');
    vi.advanceTimersByTime(1_000);
    expect(localStorage.getItem('key')).toBeNull();
    expect(storage.getItem('key')).toBeNull();
  });
});
