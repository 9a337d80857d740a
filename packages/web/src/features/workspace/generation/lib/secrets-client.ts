import type { ScannedFile, SecretFinding } from '@promptloom/core/secrets';
import { registerReset } from '#web/lib/reset-registry.ts';
import { openFindingsDb } from '#web/workers/secret-findings-cache.ts';
import type { SecretsRequest, SecretsResponse } from '#web/workers/secrets-protocol.ts';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (f: SecretFinding[]) => void; reject: (e: Error) => void }
>();

/** The scan worker, started on the first scan (its rule set is not part of first paint). */
function scanWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('../../../../workers/secrets.worker.ts', import.meta.url), {
    type: 'module',
  });
  worker.onmessage = (event: MessageEvent<SecretsResponse>) => {
    const job = pending.get(event.data.id);
    if (!job) return;
    pending.delete(event.data.id);
    if ('error' in event.data) job.reject(new Error(event.data.error));
    else job.resolve(event.data.findings);
  };
  worker.onerror = (event) => {
    const error = new Error(event.message || 'Secret scan worker failed');
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** Scans texts in the worker; findings in file order. */
export function scanForSecrets(files: ScannedFile[]): Promise<SecretFinding[]> {
  if (files.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const request: SecretsRequest = { id, files };
    scanWorker().postMessage(request);
  });
}

// The kept findings name the user's files (and blocks): logout empties them.
registerReset('secret findings cache', async () => {
  if (typeof indexedDB === 'undefined') return;
  const database = await openFindingsDb();
  await database.clear('findings');
  database.close();
});
