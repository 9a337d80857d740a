// Worker thread body: the tokenizer is loaded once here and reused for every batch.
import { parentPort } from 'node:worker_threads';
import { countCl100k } from '../tokens/cl100k';

interface Job {
  id: number;
  texts: string[];
}

parentPort?.on('message', (job: Job) => {
  const counts = job.texts.map(countCl100k);
  parentPort?.postMessage({ id: job.id, counts });
});
