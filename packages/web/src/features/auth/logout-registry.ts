type Cleanup = () => void | Promise<void>;

const cleanups = new Set<Cleanup>();

/**
 * Registers work to do on log-out (clear prompt states, histories and the
 * project session). Features call it from their own module so auth never imports them.
 * Returns a function that unregisters the cleanup.
 */
export function onLogout(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/** Runs every cleanup; one failing never stops the others. */
export async function runLogoutCleanups(): Promise<void> {
  await Promise.all(
    [...cleanups].map(async (cleanup) => {
      try {
        await cleanup();
      } catch (error) {
        console.error('Logout cleanup failed', error);
      }
    }),
  );
}
