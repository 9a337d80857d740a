// Where the browser floor's seconds go: in one page holding the medium corpus as uploaded
// File objects (the folder-upload path), times reading alone (in the page and in Web
// Workers, several ways), worker start-up, tokenizing alone and message passing, each
// `rounds` times interleaved, medians printed with the load average:
// `node --import tsx bench/lab/read-breakdown.ts [rounds]` (BENCH_NO_BUILD=1 reuses the last build).
import { readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../../e2e/support/browser';
import {
  WEB_DIST,
  buildWeb,
  signIn,
  startServer,
  takeUploadPathKeepingFiles,
} from '../browser-app';
import { ensureCorpora } from '../corpora';

const rounds = Number(process.argv[2] ?? 3);
const load = () => loadavg()[0]!.toFixed(1);
const medium = (await ensureCorpora()).find((c) => c.name === 'medium')!;
if (process.env.BENCH_NO_BUILD !== '1') await buildWeb();
const assets = await readdir(join(WEB_DIST, 'assets'));
const workerPath = `/assets/${assets.find((f) => /^tokenizer\.worker-.*\.js$/.test(f))!}`;

/** The page's experiments, run in the page (plain JavaScript: no bundler helpers). */
const EXPERIMENTS = String.raw`
(() => {
  const files = window.__benchFiles;
  const now = () => performance.now();
  const pool = async (n, items, fn) => {
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) { const i = next++; await fn(items[i], i); }
    }));
  };
  // A classic worker from a Blob: reads the Files it is sent, answers characters and its own time.
  const readerSource = ${'`'}
    self.onmessage = async (event) => {
      const { files, mode, concurrency } = event.data;
      const t0 = performance.now();
      let chars = 0;
      if (mode === 'sync') {
        const reader = new FileReaderSync();
        for (const f of files) chars += reader.readAsText(f).length;
      } else if (mode === 'sync-buffer') {
        const reader = new FileReaderSync();
        const decoder = new TextDecoder();
        for (const f of files) chars += decoder.decode(reader.readAsArrayBuffer(f)).length;
      } else if (mode === 'joined') {
        // Files joined into Blobs of ~concurrency KB, each read once and cut by the files' sizes.
        const decoder = new TextDecoder();
        const groups = []; let group = []; let bytes = 0;
        for (const f of files) { group.push(f); bytes += f.size; if (bytes >= concurrency * 1024) { groups.push(group); group = []; bytes = 0; } }
        if (group.length) groups.push(group);
        await Promise.all(groups.map(async (g) => {
          const all = new Uint8Array(await new Blob(g).arrayBuffer());
          let at = 0;
          for (const f of g) { chars += decoder.decode(all.subarray(at, at + f.size)).length; at += f.size; }
        }));
      } else {
        let next = 0;
        const decoder = new TextDecoder();
        await Promise.all(Array.from({ length: concurrency }, async () => {
          while (next < files.length) {
            const f = files[next++];
            const text = mode === 'text' ? await f.text() : decoder.decode(await f.arrayBuffer());
            chars += text.length;
          }
        }));
      }
      self.postMessage({ chars, ms: performance.now() - t0 });
    };
  ${'`'};
  const echoSource = 'self.onmessage = (e) => self.postMessage({ id: e.data.id, counts: e.data.texts.map((t) => t.length) });';
  const blobWorker = (source) => new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const ask = (worker, message) => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); worker.postMessage(message); });
  const batchesOf = (texts) => {
    const batches = []; let batch = []; let chars = 0;
    for (const t of texts) { batch.push(t); chars += t.length; if (chars >= 256 * 1024) { batches.push(batch); batch = []; chars = 0; } }
    if (batch.length) batches.push(batch);
    return batches;
  };
  // Batches taken by whichever worker is free.
  const countOn = async (workers, batches) => {
    let next = 0; let id = 1; let total = 0;
    await Promise.all(workers.map(async (w) => {
      while (next < batches.length) {
        const texts = batches[next++];
        const reply = await ask(w, { id: id++, texts, tokenizer: 'cl100k_base' });
        for (const c of reply.counts) total += c;
      }
    }));
    return total;
  };
  return {
    files: files.length,
    async pageText(concurrency) {
      const t0 = now(); let chars = 0;
      await pool(concurrency, files, async (f) => { const text = await f.text(); chars += text.length; });
      return { ms: now() - t0, chars };
    },
    async pageBuffer(concurrency) {
      const t0 = now(); let chars = 0; const decoder = new TextDecoder();
      await pool(concurrency, files, async (f) => { const buffer = await f.arrayBuffer(); chars += decoder.decode(buffer).length; });
      return { ms: now() - t0, chars };
    },
    async pageJoined(kb, inFlight) {
      const t0 = now(); let chars = 0; const decoder = new TextDecoder();
      const groups = []; let group = []; let bytes = 0;
      for (const f of files) { group.push(f); bytes += f.size; if (bytes >= kb * 1024) { groups.push(group); group = []; bytes = 0; } }
      if (group.length) groups.push(group);
      await pool(inFlight, groups, async (g) => {
        const all = new Uint8Array(await new Blob(g).arrayBuffer());
        let at = 0;
        for (const f of g) { chars += decoder.decode(all.subarray(at, at + f.size)).length; at += f.size; }
      });
      return { ms: now() - t0, chars, groups: groups.length };
    },
    // The app's read today: one file-reader worker, each File posted, its bytes transferred back.
    async appReader(concurrency, path) {
      const worker = new Worker(path, { type: 'module' });
      const pending = new Map(); let id = 1;
      worker.onmessage = (e) => { pending.get(e.data.id)(e.data.buffer); pending.delete(e.data.id); };
      await new Promise((resolve) => { pending.set(0, resolve); worker.postMessage({ id: 0, file: new File(['x'], 'x') }); });
      const t0 = now(); let chars = 0; const decoder = new TextDecoder();
      await pool(concurrency, files, async (f) => {
        const n = id++;
        const buffer = await new Promise((resolve) => { pending.set(n, resolve); worker.postMessage({ id: n, file: f }); });
        chars += decoder.decode(buffer).length;
      });
      const ms = now() - t0; worker.terminate();
      return { ms, chars };
    },
    async workerRead(workers, mode, concurrency) {
      const ws = Array.from({ length: workers }, () => blobWorker(readerSource));
      await Promise.all(ws.map((w) => ask(w, { files: [], mode, concurrency })));
      const t0 = now();
      const parts = ws.map((_, k) => files.filter((__, i) => i % workers === k));
      const replies = await Promise.all(ws.map((w, k) => ask(w, { files: parts[k], mode, concurrency })));
      const ms = now() - t0; ws.forEach((w) => w.terminate());
      return { ms, chars: replies.reduce((s, r) => s + r.chars, 0), inside: Math.max(...replies.map((r) => r.ms)) };
    },
    // Start-up: a new tokenizer worker until it answers its first count (module + rank table).
    async startUp(path) {
      const t0 = now();
      const worker = new Worker(path, { type: 'module' });
      await ask(worker, { id: 1, texts: ['warm up'], tokenizer: 'cl100k_base' });
      const first = now() - t0;
      const t1 = now();
      await ask(worker, { id: 2, texts: ['warm up again'], tokenizer: 'cl100k_base' });
      const second = now() - t1;
      worker.terminate();
      return { ms: first, second };
    },
    async texts() {
      if (!window.__benchTexts) window.__benchTexts = await Promise.all(files.map((f) => f.text()));
      return window.__benchTexts;
    },
    // Tokenizing with message passing: texts already read, warm workers, 256 KB batches.
    async count(path, workers) {
      const texts = await this.texts();
      const ws = Array.from({ length: workers }, () => new Worker(path, { type: 'module' }));
      await Promise.all(ws.map((w) => ask(w, { id: 0, texts: ['warm up'], tokenizer: 'cl100k_base' })));
      const batches = batchesOf(texts);
      const t0 = now();
      const tokens = await countOn(ws, batches);
      const ms = now() - t0; ws.forEach((w) => w.terminate());
      return { ms, tokens, batches: batches.length };
    },
    // Message passing alone: the same batches to workers that answer each text's length.
    async echo(workers) {
      const texts = await this.texts();
      const ws = Array.from({ length: workers }, () => blobWorker(echoSource));
      await Promise.all(ws.map((w) => ask(w, { id: 0, texts: [] })));
      const t0 = now();
      await countOn(ws, batchesOf(texts));
      const ms = now() - t0; ws.forEach((w) => w.terminate());
      return { ms };
    },
    // Posting the File objects themselves (what a worker that reads needs): structured clone of handles.
    async postFiles() {
      const w = blobWorker('self.onmessage = (e) => self.postMessage(e.data.files.length)');
      await ask(w, { files: [] });
      const t0 = now();
      await ask(w, { files });
      const ms = now() - t0; w.terminate();
      return { ms };
    },
  };
})()`;

const browser = await launchBrowser();
const server = await startServer();
try {
  const page = await browser.newPage();
  await takeUploadPathKeepingFiles(page);
  await signIn(page, server.url);
  await page.setInputFiles('input[type="file"][webkitdirectory]', medium.dir);
  await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem').first().waitFor();
  await page.evaluate(`window.__x = ${EXPERIMENTS}`);
  const readerPath = `/assets/${assets.find((f) => /^file-reader\.worker-.*\.js$/.test(f))!}`;
  const cases: [string, string][] = [
    ['page: file.text(), 8 in flight', 'pageText(8)'],
    ['page: file.text(), 64 in flight', 'pageText(64)'],
    [
      'page: Files joined in 256 KB Blobs, each read once (arrayBuffer), 4 in flight',
      'pageJoined(256, 4)',
    ],
    ['page: Files joined in 1 MB Blobs, 4 in flight', 'pageJoined(1024, 4)'],
    ['page: all Files as one Blob, read once', 'pageJoined(1e9, 1)'],
    ['page: arrayBuffer + TextDecoder, 64 in flight', 'pageBuffer(64)'],
    [
      'page: the app file-reader worker (File posted, bytes back), 50 in flight',
      `appReader(50, '${readerPath}')`,
    ],
    ['post 2,327 File objects to a worker', 'postFiles()'],
    ['1 worker: FileReaderSync.readAsText', "workerRead(1, 'sync', 1)"],
    ['1 worker: Files joined in 256 KB Blobs, each read once', "workerRead(1, 'joined', 256)"],
    ['2 workers: Files joined in 256 KB Blobs, each read once', "workerRead(2, 'joined', 256)"],
    ['1 worker: file.text(), 64 in flight', "workerRead(1, 'text', 64)"],
    ['2 workers: FileReaderSync.readAsText', "workerRead(2, 'sync', 1)"],
    ['2 workers: file.text(), 64 in flight each', "workerRead(2, 'text', 64)"],
    ['tokenizer worker start-up → first count (module + cl100k ranks)', `startUp('${workerPath}')`],
    ['tokenize, texts in the page, 1 warm worker (256 KB batches)', `count('${workerPath}', 1)`],
    ['tokenize, texts in the page, 2 warm workers', `count('${workerPath}', 2)`],
    ['message passing alone: same batches to 1 echo worker', 'echo(1)'],
    ['message passing alone: 2 echo workers', 'echo(2)'],
  ];
  const results = new Map<string, Record<string, number>[]>();
  const before = load();
  const loads: string[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [name, call] of cases) {
      const result = await page.evaluate<Record<string, number>>(`window.__x.${call}`);
      results.set(name, [...(results.get(name) ?? []), result]);
    }
    loads.push(load());
  }
  console.log(
    `medium corpus, ${medium.files} files; ${rounds} rounds, load ${before}–${loads.join('–')}`,
  );
  for (const [name, samples] of results) {
    const ms = samples.map((s) => s.ms!).sort((a, b) => a - b);
    const extra = Object.entries(samples[0]!)
      .filter(([key]) => key !== 'ms')
      .map(([key, value]) => `${key} ${Math.round(value)}`)
      .join(', ');
    const median = ms[Math.floor(ms.length / 2)]!;
    console.log(
      `${name}: ${Math.round(median)} ms (${Math.round(ms[0]!)}–${Math.round(ms.at(-1)!)})${extra ? `; ${extra}` : ''}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
