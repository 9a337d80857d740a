/// <reference lib="webworker" />
import type { OutlineRequest, OutlineResponse } from './outline-protocol';
import { workerOutlineEngine } from './outline-engine';

/** Code outlines off the main thread (the engine loads each grammar on first use). */
const engine = workerOutlineEngine();

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<OutlineRequest>) => {
  const { id, jobs } = event.data;
  let response: OutlineResponse;
  try {
    const outlines: (string | null)[] = [];
    for (const { grammar, query, text } of jobs) {
      outlines.push(await engine.outline(grammar, query, text));
    }
    response = { id, outlines };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
