import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SecretFinding } from '@promptloom/core/secrets';

/** Below this many files the scan runs in this thread: starting workers would cost more. */
const IN_PROCESS_FILES = 300;
const BATCH_FILES = 64;

/**
 * The secret scan of the written files (core secrets: secretlint's recommended rules plus
 * Azure), each read again from disk (the pack just read it: the OS has it cached). Many files
 * are scanned on worker threads, one per core; findings come back in the files' order. Loaded
 * only when the scan runs, so --no-secret-scan never loads the rules.
 */
export async function scanWritten(dir: string, paths: readonly string[]): Promise<SecretFinding[]> {
  if (paths.length < IN_PROCESS_FILES) {
    const { scanText } = await import('@promptloom/core/secrets');
    const findings: SecretFinding[] = [];
    for (const path of paths) {
      const content = await readFile(join(dir, path), 'utf8').catch(() => null);
      if (content !== null) findings.push(...(await scanText(path, content)));
    }
    return findings;
  }
  return scanOnWorkers(dir, paths);
}

async function scanOnWorkers(dir: string, paths: readonly string[]): Promise<SecretFinding[]> {
  const batches: string[][] = [];
  for (let at = 0; at < paths.length; at += BATCH_FILES) {
    batches.push(paths.slice(at, at + BATCH_FILES));
  }
  const results: SecretFinding[][] = [];
  const url = new URL('./secret-worker.js', import.meta.url);
  const size = Math.min(availableParallelism(), batches.length);
  let next = 0;
  const workers: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: size }, () => {
        const worker = new Worker(url, { execArgv: [] });
        workers.push(worker);
        return new Promise<void>((resolve, reject) => {
          const send = () => {
            if (next >= batches.length) {
              resolve();
              return;
            }
            const index = next++;
            worker.once('message', (reply: { findings?: SecretFinding[]; error?: string }) => {
              if (reply.error !== undefined) {
                reject(new Error(`secret scan failed: ${reply.error}`));
                return;
              }
              results[index] = reply.findings ?? [];
              send();
            });
            worker.postMessage({ dir, paths: batches[index] });
          };
          worker.once('error', reject);
          send();
        });
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results.flat();
}

/** The prompt with every found secret replaced by `[REDACTED:<kind>]`, in any format. */
export async function redactPrompt(
  dir: string,
  prompt: string,
  findings: readonly SecretFinding[],
): Promise<string> {
  const { redactSecretsIn, secretValues } = await import('@promptloom/core/secrets');
  const contents = new Map<string, string>();
  for (const path of new Set(findings.map((finding) => finding.path))) {
    contents.set(path, await readFile(join(dir, path), 'utf8'));
  }
  return redactSecretsIn(
    prompt,
    secretValues(findings, (path) => contents.get(path)),
  );
}
