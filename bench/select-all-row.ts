// Row 5's table rows: select all → final count beside Repomix and beside its floor.
import type { Spread } from './spread';
import { fmtMs } from './table-cells';

const spreadText = (s: Spread) => `${fmtMs(s.median)} (${fmtMs(s.min)}–${fmtMs(s.max)})`;

/**
 * Select all → final count in the browser (the medium corpus through the upload path,
 * three quiet visits) beside Repomix packing the same folder (the faster of 1.14.0 and
 * 1.18.1 with a cold token cache), and beside the floor of the same visits (every file read
 * in parallel and counted in a pool of the app's tokenizer workers, nothing else).
 * Targets: ≤ 0.3 × Repomix, ≤ 1.5 × the floor.
 */
export function selectAllBesideRepomixRow(
  ours: {
    selectAllToCountMs: Spread;
    floorMs: Spread;
    finalTokens: number;
    rendererMb: number;
    warm?: { reselectMs: Spread; reloadMs: Spread; tokens: number } | null;
  },
  repomix: { ms: Spread; files: number; tokens: number; name?: string },
  /** Repomix 1.18.1 with its token cache kept, for the warm rows. */
  repomixWarm?: Spread,
): string[] {
  const ratio = ours.selectAllToCountMs.median / repomix.ms.median;
  const toFloor = ours.selectAllToCountMs.median / ours.floorMs.median;
  const met = ratio <= 0.3 && toFloor <= 1.5 ? 'yes' : 'no';
  const rows = [
    `| medium | 5. browser floor: every file read (joined into 256 KB Blobs, one read each) and counted in the worker pool (same page, same visits), cold | ${spreadText(ours.floorMs)} | | | | | | – |`,
    `| medium | 5. browser select all → final count (${ours.finalTokens} tokens) beside ${repomix.name ?? 'Repomix'} packing the same files (${repomix.files} files, ${repomix.tokens} tokens), cold | ${spreadText(ours.selectAllToCountMs)} | ${Math.round(ours.rendererMb)} MB (renderer) | ${spreadText(repomix.ms)} | | ${ratio.toFixed(2)} (${toFloor.toFixed(2)} × the floor) | | ${met} |`,
  ];
  const warm = ours.warm;
  if (!warm) return rows;
  // Warm figures beside both: the faster cold Repomix and 1.18.1 with its own cache kept.
  const against = (ms: Spread) => {
    const cold = ms.median / repomix.ms.median;
    const kept = repomixWarm ? ms.median / repomixWarm.median : NaN;
    const text = `${cold.toFixed(2)} of cold Repomix, ${kept.toFixed(2)} of warm 1.18.1 (${(ms.median / ours.floorMs.median).toFixed(2)} × the cold floor)`;
    return { text, met: Math.max(cold, Number.isNaN(kept) ? 0 : kept) <= 0.1 ? 'yes' : 'no' };
  };
  const again = against(warm.reselectMs);
  const reload = against(warm.reloadMs);
  const warmRepomix = repomixWarm ? spreadText(repomixWarm) : '';
  rows.push(
    `| medium | 5. browser, warm: Deselect all → Select all again → final count, same page (counts in memory) | ${spreadText(warm.reselectMs)} | | ${warmRepomix} | | ${again.text} | | ${again.met} |`,
    `| medium | 5. browser, warm: reload, same folder uploaded again → Select all → final count (${warm.tokens} tokens; IndexedDB count cache, files read again) | ${spreadText(warm.reloadMs)} | | ${warmRepomix} | | ${reload.text} | | ${reload.met} |`,
  );
  return rows;
}
