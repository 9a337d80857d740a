// Probe: does reading a File's size or lastModified, or joining Files, cost a call into the
// browser each time (a File from a folder upload holds no size of its own)?
import { launchBrowser } from '../../e2e/support/browser';
import { ensureCorpora } from '../corpora';

const corpus = (await ensureCorpora()).find((c) => c.name === 'large')!;
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent('<input type="file" webkitdirectory>');
  await page.setInputFiles('input', corpus.dir, { timeout: 300_000 });
  await page.evaluate('window.__name = (fn) => fn');
  console.log(
    await page.evaluate(async () => {
      const files = [...(document.querySelector('input') as HTMLInputElement).files!];
      const out: string[] = [`${files.length} files`];
      const time = (label: string, fn: () => void) => {
        const t = performance.now();
        fn();
        out.push(`${label}: ${(performance.now() - t).toFixed(0)} ms`);
      };
      let s = 0;
      time('size, 1st', () => files.forEach((f) => (s += f.size)));
      time('size, 2nd', () => files.forEach((f) => (s += f.size)));
      time('lastModified', () => files.forEach((f) => (s += f.lastModified)));
      time('name', () => files.forEach((f) => (s += f.name.length)));
      const some = files.slice(0, 2000);
      time('new Blob of 2000 files', () => void new Blob(some));
      const sliced = some.map((f) => f.slice(0, f.size));
      time('new Blob of 2000 slices', () => void new Blob(sliced));
      // In a worker: the Files cloned over, then their sizes read there.
      const src = `onmessage = (e) => { const fs = e.data; let t = performance.now(); let s = 0;
        for (const f of fs) s += f.size; const a = performance.now() - t; t = performance.now();
        for (const f of fs) s += f.size; const b = performance.now() - t; t = performance.now();
        const blob = new Blob(fs.slice(0, 2000)); const c = performance.now() - t;
        postMessage([a, b, c]); }`;
      const worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
      const other = files.slice(2000, 12000);
      const t = performance.now();
      const reply = await new Promise<number[]>((resolve) => {
        worker.onmessage = (e) => resolve(e.data as number[]);
        worker.postMessage(other);
      });
      out.push(
        `worker, 10000 files: post+all ${(performance.now() - t).toFixed(0)} ms; size 1st ${reply[0]!.toFixed(0)} ms, 2nd ${reply[1]!.toFixed(0)} ms, Blob of 2000 ${reply[2]!.toFixed(0)} ms`,
      );
      return out.join('\n') + (s < 0 ? '' : '');
    }),
  );
} finally {
  await browser.close();
}
