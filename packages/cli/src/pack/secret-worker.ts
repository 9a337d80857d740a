// Worker thread body of the secret scan (bundled as dist/secret-worker.js): reads each file
// of a batch and scans it with core's rules (loaded once per thread).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { scanText, type SecretFinding } from '@promptloom/core/secrets';

export interface SecretBatch {
  dir: string;
  paths: string[];
}

async function scanBatch({ dir, paths }: SecretBatch): Promise<void> {
  try {
    const findings: SecretFinding[] = [];
    for (const path of paths) {
      const content = await readFile(join(dir, path), 'utf8').catch(() => null);
      if (content !== null) findings.push(...(await scanText(path, content)));
    }
    parentPort!.postMessage({ findings });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}

parentPort!.on('message', (batch: SecretBatch) => void scanBatch(batch));
