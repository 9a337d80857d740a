import { createRequire } from 'node:module';
import type * as WorkerThreads from 'node:worker_threads';

const load = createRequire(import.meta.url);

/**
 * node:worker_threads' Worker, loaded when a pool first starts its threads: a run that
 * starts none (a warm CLI pack, every count on disk) does not load the module.
 */
export function workerClass(): typeof WorkerThreads.Worker {
  return (load('node:worker_threads') as typeof WorkerThreads).Worker;
}
