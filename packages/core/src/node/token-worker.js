// Worker thread body, plain JavaScript so it starts without a TypeScript loader: the
// tokenizer is loaded once here and reused for every batch.
import { parentPort, workerData } from 'node:worker_threads';
import { countCl100kGuarded } from '../tokens/count-cl100k.js';

const { longRun, chunk } = workerData;

parentPort.on('message', (job) => {
  const counts = job.texts.map((text) => countCl100kGuarded(text, longRun, chunk));
  parentPort.postMessage({ id: job.id, counts });
});
