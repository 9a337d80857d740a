/// <reference lib="webworker" />
/**
 * Reads file bytes off the main thread: copying thousands of uploaded or picked files into
 * ArrayBuffers is main-thread work in Chromium, enough to delay keystrokes while a large
 * selection is counted. Buffers go back transferred, so nothing is copied twice.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<{ id: number; file: File }>) => {
  const { id, file } = event.data;
  try {
    const buffer = await file.arrayBuffer();
    scope.postMessage({ id, buffer }, [buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
