import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** Pause before a persisted store is written: typing writes once per pause, not per key. */
export const PERSIST_DEBOUNCE_MS = 300;

/**
 * JSON storage for zustand's persist that serialises and writes after a pause. The prompt
 * state holds every selected path, so stringifying it on each keystroke of the request
 * cost the main thread milliseconds per key. Reads see pending values; everything pending
 * is written when the page is hidden or left, so nothing typed is lost.
 */
export function debouncedJSONStorage<S>(
  storage: () => Storage,
  delayMs = PERSIST_DEBOUNCE_MS,
): PersistStorage<S> {
  const pending = new Map<string, StorageValue<S>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [name, value] of pending) {
      try {
        storage().setItem(name, JSON.stringify(value));
      } catch (error) {
        // A full or blocked storage loses the saved copy, not the state in memory.
        console.warn(`Could not save ${name}`, error);
      }
    }
    pending.clear();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  return {
    getItem: (name) => {
      const value = pending.get(name);
      if (value) return value;
      const text = storage().getItem(name);
      return text === null ? null : (JSON.parse(text) as StorageValue<S>);
    },
    setItem: (name, value) => {
      pending.set(name, value);
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    removeItem: (name) => {
      pending.delete(name);
      storage().removeItem(name);
    },
  };
}
