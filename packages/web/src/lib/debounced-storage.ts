import type { StateStorage } from 'zustand/middleware';

/** Pause before a persisted store is written: typing writes once per pause, not per key. */
export const PERSIST_DEBOUNCE_MS = 300;

/**
 * A Storage for zustand's persist that writes after a pause. The prompt state holds
 * every selected path, so serialising it on each keystroke of the request cost the main
 * thread a few milliseconds per key. Reads see pending writes; everything pending is
 * written when the page is hidden or left, so nothing typed is lost.
 */
export function debouncedStorage(
  storage: () => Storage,
  delayMs = PERSIST_DEBOUNCE_MS,
): StateStorage {
  const pending = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [name, value] of pending) {
      try {
        storage().setItem(name, value);
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
    getItem: (name) => pending.get(name) ?? storage().getItem(name),
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
