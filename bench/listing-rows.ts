// The table rows of rows 6 and 7: the listing in both conditions, and package selections.
import { measureListing, type ListingRounds } from './listing';
import { measurePackageSelection } from './package-selection';
import { fmtMs, ok } from './table-cells';

const loadText = ([before, after]: [number, number]) =>
  `load ${before.toFixed(1)}–${after.toFixed(1)}`;

/** The listing rows of one condition (target: complete tree ≤ 1.3 × the bare walk). */
function runRows(l: ListingRounds, beside: string): string[] {
  const completeOk = l.ratio <= 1.3;
  const each = l.rounds.map((r) => `${fmtMs(r.completeMs)} / ${fmtMs(r.bareWalkMs)}`).join(', ');
  const n = l.rounds.length;
  return [
    `| large+medium | 6. browser folder access: bare parallel walk${beside} (${l.files} files; median over ${n} connects of each one's median of 3 warm walks; ${loadText(l.load)}) | ${fmtMs(l.bareWalkMs)} | | | | | | – |`,
    `| large+medium | 6. connect → first rows${beside} (median of ${n}) | ${fmtMs(l.firstRowsMs)} | | | | | | ${ok(l.firstRowsMs <= 1000)} |`,
    `| large+medium | 6. connect → complete tree${beside} (median of ${n}; each complete / bare: ${each}) | ${fmtMs(l.completeMs)} | ${Math.round(l.heapMb)} MB (JS heap after) | | | ${l.ratio.toFixed(2)} of the bare walk (median of the ${n} ratios) | | ${ok(completeOk && l.heapMb <= 400)} |`,
    `| large+medium | 6. longest main-thread task while listing${beside} (longest of ${n}) | ${fmtMs(l.longestTaskMs)} | | | | | | ${ok(l.longestTaskMs <= 100)} |`,
    `| large+medium | 6. connect → every file's size known, the background stage after the tree${beside} (median of ${n}; each: ${l.rounds.map((r) => fmtMs(r.sizesMs)).join(', ')}) | ${fmtMs(l.sizesMs)} | | | | | | – |`,
  ];
}

/** Table rows (same columns as run.ts) for the listing and package-selection figures. */
export async function listingRows(corpora: { name: string; dir: string }[]): Promise<string[]> {
  const large = corpora.find((c) => c.name === 'large')!;
  const medium = corpora.find((c) => c.name === 'medium')!;
  // large (23,010) + medium (2,327) in one folder: over 25,000 files.
  const l = await measureListing([
    { dir: large.dir, under: '' },
    { dir: medium.dir, under: 'medium' },
  ]);
  const packages = ['packages/rxjs', 'packages/lodash', 'packages/@angular/core'];
  const selections = [];
  for (const p of packages)
    selections.push({ p, ...(await measurePackageSelection(large.dir, p)) });
  return [
    ...runRows(l, ''),
    ...runRows(l.busy, `, one busy process per core beside it`),
    ...selections.map(
      (pkg) =>
        `| large | 7. one package selected (${pkg.files} files of ${pkg.p}), default blocks | ${pkg.total} tokens (files ${pkg.fileTokens}; allowed ${Math.round(pkg.allowed)}) | | | | | | ${ok(pkg.total <= pkg.allowed)} |`,
    ),
  ];
}
