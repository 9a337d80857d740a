// What share of a folder's files and bytes a path-only rule would leave unread.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileRole, indexedByPath } from '@promptloom/core';
import { packable } from './history';

const ASSETLIKE = /\.(svg|css|scss|less|csv|tsv|json|xml|snap|txt|html?)$/i;

function report(name: string, files: { path: string; size: number }[]): void {
  const kept = files.filter((f) => packable(f.path, f.size));
  const total = { n: kept.length, b: kept.reduce((s, f) => s + f.size, 0) };
  const by = new Map<string, { n: number; b: number }>();
  const ext = new Map<string, { n: number; b: number }>();
  for (const f of kept) {
    const r = fileRole(f.path);
    const a = by.get(r) ?? { n: 0, b: 0 };
    a.n++;
    a.b += f.size;
    by.set(r, a);
    const e = (/\.[^./]+$/.exec(f.path)?.[0] ?? '(none)').toLowerCase();
    const x = ext.get(e) ?? { n: 0, b: 0 };
    x.n++;
    x.b += f.size;
    ext.set(e, x);
  }
  const pct = (v: number, t: number) => ((100 * v) / t).toFixed(1) + '%';
  console.log(`\n== ${name}: ${total.n} files, ${(total.b / 1e6).toFixed(1)} MB`);
  for (const [r, a] of [...by].sort((x, y) => y[1].b - x[1].b))
    console.log(
      `  role ${r.padEnd(10)} ${String(a.n).padStart(6)} ${pct(a.n, total.n).padStart(6)}  ${(a.b / 1e6).toFixed(2).padStart(7)} MB ${pct(a.b, total.b).padStart(6)}`,
    );
  const skip = kept.filter((f) => indexedByPath(f.path));
  console.log(
    `  path only: ${skip.length} files ${pct(skip.length, total.n)}, ${(skip.reduce((s, f) => s + f.size, 0) / 1e6).toFixed(2)} MB ${pct(
      skip.reduce((s, f) => s + f.size, 0),
      total.b,
    )}`,
  );
  const top = [...ext].sort((x, y) => y[1].b - x[1].b).slice(0, 8);
  console.log('  ext: ' + top.map(([e, a]) => `${e} ${a.n}/${pct(a.b, total.b)}`).join(', '));
  void ASSETLIKE;
}

const args = process.argv.slice(2);
for (const arg of args) {
  if (arg.startsWith('git:')) {
    const gitDir = arg.slice(4);
    const out = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-l', 'HEAD'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const files = out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split('\t');
        const size = Number(meta!.trim().split(/\s+/)[3]);
        return { path: path!, size: Number.isFinite(size) ? size : 0 };
      });
    report(gitDir, files);
  } else {
    const files: { path: string; size: number }[] = [];
    for (const e of readdirSync(arg, { withFileTypes: true, recursive: true })) {
      if (!e.isFile()) continue;
      const full = join(e.parentPath, e.name);
      files.push({ path: relative(arg, full), size: statSync(full).size });
    }
    report(arg, files);
  }
}
