import type { StoreApi } from 'zustand';

/** Forgets what one store (or browser database) keeps of the signed-in user. */
type Reset = () => void | Promise<void>;

const resets = new Map<string, Reset>();

/**
 * The one list of what logout clears. Everything that keeps a user's data in this browser
 * (a zustand store, persisted or not; a browser database; a cache) joins it where it is
 * defined, at module load, so a new store cannot be forgotten by a hand-written list
 * elsewhere: the next person on a shared machine must not see the previous one's project
 * names, paths, requests or prompts. Returns a function that leaves the registry.
 */
export function registerReset(name: string, reset: Reset): () => void {
  resets.set(name, reset);
  return () => {
    if (resets.get(name) === reset) resets.delete(name);
  };
}

interface PersistApi {
  clearStorage: () => void;
}

/**
 * A zustand store joins: logout puts its initial state back and, for a persisted store,
 * removes its saved copy (after the reset, whose write it would otherwise leave behind).
 */
export function resetStoreOnLogout<S>(
  name: string,
  store: StoreApi<S> & { persist?: PersistApi },
): () => void {
  return registerReset(name, () => {
    store.setState(store.getInitialState(), true);
    store.persist?.clearStorage();
  });
}

/** Runs every registered reset; one failing never stops the others. */
export async function resetAll(): Promise<void> {
  await Promise.all(
    [...resets].map(async ([name, reset]) => {
      try {
        await reset();
      } catch (error) {
        console.error(`Logout: clearing ${name} failed`, error);
      }
    }),
  );
}
