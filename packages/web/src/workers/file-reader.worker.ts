/// <reference lib="webworker" />
/**
 * Reads file bytes off the main thread: copying thousands of uploaded or picked files into
 * ArrayBuffers is main-thread work in Chromium, enough to delay keystrokes while a large
 * selection is counted. The files of a request are joined into one Blob and read at once (a
 * read per File costs a round trip to the browser process, which for small files costs more
 * than their bytes); the buffer goes back transferred, so nothing is copied twice.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<{ id: number; files: File[] }>) => {
  const { id, files } = event.data;
  try {
    const buffer = await new Blob(files).arrayBuffer();
    scope.postMessage({ id, buffer }, [buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
