// Probe: what handing an upload's Files to a worker costs, and where: the page's post, the
// worker's receipt, the worker's join, against the page joining and handing one Blob.
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
      let s = 0;
      files.forEach((f) => (s += f.size));
      const out: string[] = [];
      const src = `let recv = 0, join = 0, read = 0, n = 0;
        onmessage = async (e) => { let t = performance.now(); const d = e.data; recv += performance.now() - t;
          if (d === 'end') { postMessage([recv, join, read, n]); recv = join = read = n = 0; return; }
          if (d.join) { t = performance.now(); const b = new Blob(d.files); join += performance.now() - t;
            t = performance.now(); n += (await b.arrayBuffer()).byteLength; read += performance.now() - t; }
          else if (d.blob) { t = performance.now(); n += (await d.blob.arrayBuffer()).byteLength; read += performance.now() - t; }
        }`;
      const worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
      const ask = () =>
        new Promise<number[]>((resolve) => {
          worker.onmessage = (e) => resolve(e.data as number[]);
          worker.postMessage('end');
        });
      const fmt = (r: number[]) =>
        `worker receipt ${r[0]!.toFixed(0)} ms, join ${r[1]!.toFixed(0)} ms, read ${r[2]!.toFixed(0)} ms (${(r[3]! / 1e6).toFixed(1)} MB)`;
      const groups: File[][] = [[]];
      let bytes = 0;
      for (const f of files.slice(0, 11000)) {
        groups.at(-1)!.push(f);
        bytes += f.size;
        if (bytes >= 256 * 1024) (groups.push([]), (bytes = 0));
      }
      const groups2: File[][] = [[]];
      bytes = 0;
      for (const f of files.slice(11000, 22000)) {
        groups2.at(-1)!.push(f);
        bytes += f.size;
        if (bytes >= 256 * 1024) (groups2.push([]), (bytes = 0));
      }
      // A: Files 32 to a message, the worker joins each group.
      let t0 = performance.now();
      let post = 0;
      for (const g of groups) {
        for (let i = 0; i < g.length; i += 32) {
          const t = performance.now();
          worker.postMessage({ files: g.slice(i, i + 32) });
          post += performance.now() - t;
        }
      }
      for (const g of groups) worker.postMessage({ join: true, files: [] , g: g.length });
      let r = await ask();
      out.push(`A (11000 files as Files, 32 a message): page post ${post.toFixed(0)} ms, ${fmt(r)}, wall ${(performance.now() - t0).toFixed(0)} ms`);
      // A2: the same worker joining: Files handed in the join message itself.
      t0 = performance.now();
      post = 0;
      for (const g of groups) {
        const t = performance.now();
        worker.postMessage({ join: true, files: g });
        post += performance.now() - t;
      }
      r = await ask();
      out.push(`A2 (11000 files, a group a message, worker joins): page post ${post.toFixed(0)} ms, ${fmt(r)}, wall ${(performance.now() - t0).toFixed(0)} ms`);
      // B: the page joins each group in chunks of 32, then one Blob of the chunks; one Blob a group.
      t0 = performance.now();
      post = 0;
      let pjoin = 0;
      let longest = 0;
      for (const g of groups2) {
        const parts: Blob[] = [];
        for (let i = 0; i < g.length; i += 32) {
          const t = performance.now();
          parts.push(new Blob(g.slice(i, i + 32)));
          const d = performance.now() - t;
          pjoin += d;
          longest = Math.max(longest, d);
        }
        let t = performance.now();
        const blob = new Blob(parts);
        pjoin += performance.now() - t;
        t = performance.now();
        worker.postMessage({ blob });
        post += performance.now() - t;
      }
      r = await ask();
      out.push(`B (11000 files, page joins 32 at a time, a Blob a group): page join ${pjoin.toFixed(0)} ms (longest chunk ${longest.toFixed(1)} ms), post ${post.toFixed(0)} ms, ${fmt(r)}, wall ${(performance.now() - t0).toFixed(0)} ms`);
      return out.join('\n') + (s < 0 ? '' : '');
    }),
  );
} finally {
  await browser.close();
}
