import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { hashText, indexFile, FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { decodeFile } from '@promptloom/core/files/read';
import { filesUnder } from './folder-files';
const [dir, mode] = process.argv.slice(2) as [string, string];
const paths = await filesUnder(dir);
const files = paths.map((p) => ({ path: relative(dir, p), bytes: new Uint8Array(readFileSync(p)) }));
// 256 KB groups, each one joined buffer
const groups: { paths: string[]; buffer: ArrayBuffer; sizes: number[] }[] = [];
let cur: typeof files = [];
let bytes = 0;
const flush = () => {
  const buffer = new ArrayBuffer(bytes);
  const all = new Uint8Array(buffer);
  let at = 0;
  for (const f of cur) { all.set(f.bytes, at); at += f.bytes.length; }
  groups.push({ paths: cur.map((f) => f.path), buffer, sizes: cur.map((f) => f.bytes.length) });
  cur = []; bytes = 0;
};
for (const f of files) { if (cur.length && bytes + f.bytes.length > 256 * 1024) flush(); cur.push(f); bytes += f.bytes.length; }
flush();
let gcMs = 0; let gcs = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) { gcMs += e.duration; gcs++; } }).observe({ entryTypes: ['gc'] });
const text = (b: Uint8Array) => { const d = decodeFile(b, FILE_SIZE_LIMIT_BYTES); return 'text' in d ? d.text : null; };
const views = (g: (typeof groups)[number]) => { let at = 0; const b = g.buffer.slice(0); return g.sizes.map((s) => new Uint8Array(b, (at += s) - s, s)); };
const c0 = process.cpuUsage(); const t0 = performance.now();
const records = new Map();
const AHEAD = 16;
const ahead: ((Uint8Array | string | null)[])[] = [];
for (let g = 0; g < groups.length + AHEAD; g++) {
  if (g < groups.length) { const v = views(groups[g]!); ahead.push(mode === 'lazy' ? v : v.map(text)); }
  if (g >= AHEAD || g >= groups.length) {
    const gi = g - AHEAD < 0 ? 0 : g - AHEAD; const items = ahead.shift()!; const grp = groups[gi]!;
    items.forEach((item, i) => {
      const t = mode === 'lazy' ? text(item as Uint8Array) : (item as string | null);
      if (t === null) return;
      records.set(grp.paths[i], { hash: hashText(t), entry: indexFile({ path: grp.paths[i]!, text: t }) });
    });
    await new Promise((r) => setImmediate(r));
  }
}
const c = process.cpuUsage(c0);
await new Promise((r) => setTimeout(r, 100));
console.log(mode, records.size, 'wall', Math.round(performance.now() - t0), 'cpu', Math.round((c.user + c.system) / 1000), 'gc', Math.round(gcMs), gcs);
