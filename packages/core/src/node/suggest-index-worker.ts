// A worker thread's share of a suggest index (suggest-index.ts): it takes files from the list
// it shares with the main thread until none is left, then answers with what it indexed.
import { parentPort, workerData } from 'node:worker_threads';
import { indexShare, type IndexShare } from './suggest-index';

const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread.');

const data = workerData as Omit<IndexShare, 'known'> & { known: string[] };
port.postMessage(await indexShare({ ...data, known: new Set(data.known) }));
