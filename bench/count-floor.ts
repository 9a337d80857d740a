// The floor row 5 measures select all → count against: the files read and counted, nothing else.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { WEB_DIST } from './browser-app';

/** The built tokenizer worker's URL path in the served app (dist/assets/tokenizer.worker-*.js). */
export async function tokenizerWorkerPath(): Promise<string> {
  const assets = join(WEB_DIST, 'assets');
  const name = (await readdir(assets)).find((file) => /^tokenizer\.worker-.*\.js$/.test(file));
  if (!name) throw new Error('no tokenizer worker in the built app');
  return `/assets/${name}`;
}

/**
 * The floor of select all → count, in the same page: every uploaded file's bytes read the
 * fastest way this page can (decision 050: the files joined into Blobs of 256 KB, each read
 * once and cut by the files' sizes — a read per File costs a round trip to the browser
 * process, 10–14 × slower over these 2,327 files), decoded, and each group counted as one
 * batch by the app's own tokenizer worker script, one worker per core, whichever is free —
 * no segments, no store, no React. The workers are started and warmed before the clock starts
 * (the app's are warm when Select all is clicked). Every uploaded file counts, the one the
 * core list ignores included.
 */
export async function measureFloor(page: Page, workerPath: string) {
  // tsx keeps function names through a `__name` helper the page does not have.
  await page.evaluate('window.__name = (fn) => fn');
  return page.evaluate(async (path) => {
    const files = (window as unknown as { __benchFiles: File[] }).__benchFiles;
    const cores = navigator.hardwareConcurrency || 2;
    const workers = Array.from({ length: cores }, () => new Worker(path, { type: 'module' }));
    let nextId = 1;
    const ask = (worker: Worker, texts: string[]) =>
      new Promise<number[]>((resolve, reject) => {
        const id = nextId++;
        worker.onmessage = (
          event: MessageEvent<{ id: number; counts?: number[]; error?: string }>,
        ) => (event.data.counts ? resolve(event.data.counts) : reject(new Error(event.data.error)));
        worker.postMessage({ id, texts, tokenizer: 'cl100k_base' });
      });
    await Promise.all(workers.map((worker) => ask(worker, ['warm up'])));
    const started = performance.now();
    const groups: File[][] = [];
    let group: File[] = [];
    let bytes = 0;
    for (const file of files) {
      group.push(file);
      bytes += file.size;
      if (bytes >= 256 * 1024) {
        groups.push(group);
        group = [];
        bytes = 0;
      }
    }
    if (group.length > 0) groups.push(group);
    let tokens = 0;
    const free = [...workers];
    const waiting: (() => void)[] = [];
    const decoder = new TextDecoder();
    await Promise.all(
      groups.map(async (members) => {
        const all = new Uint8Array(await new Blob(members).arrayBuffer());
        let at = 0;
        const texts = members.map((file) => decoder.decode(all.subarray(at, (at += file.size))));
        while (free.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
        const worker = free.pop()!;
        const counts = await ask(worker, texts);
        for (const count of counts) tokens += count;
        free.push(worker);
        waiting.shift()?.();
      }),
    );
    const ms = performance.now() - started;
    for (const worker of workers) worker.terminate();
    return { ms, tokens, files: files.length };
  }, workerPath);
}
