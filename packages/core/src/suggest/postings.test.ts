import { describe, expect, it } from 'vitest';
import { derived } from './derived';
import { SUGGEST_CASES, SUGGEST_FIXTURE } from './fixture';
import { prepareGraph } from './graph';
import { walkGraph } from './graph-walk';
import { indexFile, termCount } from './index-file';
import { pathFiles, prepareIndex, termPostings } from './postings';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { termHash } from './tokenize';

const index = buildProjectIndex(
  Object.entries(SUGGEST_FIXTURE).map(([path, text]) => indexFile({ path, text })),
);

describe('the index turned inside out', () => {
  it('lists, for a term, every file holding it in index order with its count', () => {
    const postings = termPostings(index);
    for (const term of ['value', 'checksum', 'computechecksum', 'report', 'nowhere-to-be-found']) {
      const hash = termHash(term);
      const expected = index.files.flatMap((file, at) =>
        termCount(file, hash) ? [[at, termCount(file, hash)]] : [],
      );
      const { files, counts } = postings.of(hash);
      expect(
        [...files].map((at, i) => [at, counts[i]]),
        term,
      ).toEqual(expected);
    }
  });

  it('answers a fresh index by searching its entries as the inversion answers, before and after it', () => {
    const entries = () =>
      Object.entries(SUGGEST_FIXTURE).map(([path, text]) => indexFile({ path, text }));
    // A hash held twice in one file (two terms of one hash) is listed twice, as inverted.
    const twice = {
      ...indexFile({ path: 'twice.ts', text: 'x' }),
      terms: Uint32Array.of(5, 7, 7, 2 ** 32 - 1),
      counts: Uint16Array.of(1, 2, 3, 4),
    };
    const prepared = buildProjectIndex([...entries(), twice]);
    prepareIndex(prepared);
    const fresh = buildProjectIndex([...entries(), twice]);
    const hashes = [...new Set(prepared.files.flatMap((file) => [...file.terms]))];
    // Enough distinct terms that the fresh index is inverted midway.
    expect(hashes.length).toBeGreaterThan(100);
    const asked = [7, 2 ** 32 - 1, 6, termHash('nowhere-to-be-found'), ...hashes, 7, 5];
    const postings = { prepared: termPostings(prepared), fresh: termPostings(fresh) };
    for (const hash of asked) {
      const want = postings.prepared.of(hash);
      const got = postings.fresh.of(hash);
      expect([...got.files], String(hash)).toEqual([...want.files]);
      expect([...got.counts], String(hash)).toEqual([...want.counts]);
    }
    const at = fresh.byPath.get('twice.ts')!;
    expect([...postings.fresh.of(7).files].filter((file) => file === at)).toHaveLength(2);
  });

  it('lists, for a path word, the files whose name or folders hold it', () => {
    const d = derived(index);
    const expected = index.files.flatMap((_, at) =>
      d.names[at]!.has('commands') || d.folders[at]!.has('commands') ? [at] : [],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(pathFiles(index, d, 'commands')).toEqual(expected);
  });
});

/** The walk over maps the typed arrays replace: their figures must be the same. */
function walkOverMaps(
  restart: Map<number, number>,
  edges: Map<number, Map<number, number>>,
): Map<number, number> {
  let rank = new Map(restart);
  for (let i = 0; i < 20; i++) {
    const next = new Map<number, number>();
    for (const [at, value] of restart) next.set(at, 0.3 * value);
    for (const [at, value] of rank) {
      const out = edges.get(at);
      const sum = out ? [...out.values()].reduce((s, w) => s + w, 0) : 0;
      if (!out || sum === 0) {
        for (const [seed, weight] of restart)
          next.set(seed, next.get(seed)! + 0.7 * value * weight);
        continue;
      }
      for (const [to, weight] of out)
        next.set(to, (next.get(to) ?? 0) + (0.7 * value * weight) / sum);
    }
    rank = next;
  }
  return rank;
}

describe('walkGraph', () => {
  it('ranks as the walk over maps does, dead ends giving back to the seeds', () => {
    const restart = new Map([
      [7, 0.75],
      [2, 0.25],
    ]);
    const edges = new Map([
      [
        7,
        new Map([
          [3, 1],
          [9, 0.5],
        ]),
      ],
      [2, new Map([[7, 0.3]])],
      [3, new Map([[9, 1]])],
      [9, new Map<number, number>()],
      [4, new Map([[3, 1]])],
    ]);
    const walked = walkGraph(restart, edges, 0.3, 20);
    const expected = walkOverMaps(restart, edges);
    expect([...walked.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [at, value] of expected) expect(walked.get(at)).toBeCloseTo(value, 12);
    // Never reached from a seed: no rank.
    expect(walked.has(4)).toBe(false);
  });
});

describe('prepareGraph', () => {
  const fresh = () =>
    buildProjectIndex(
      Object.entries(SUGGEST_FIXTURE).map(([path, text]) => indexFile({ path, text })),
    );

  it('keeps every file’s edges ahead, in slices, and the rankings stay the same', () => {
    const prepared = fresh();
    let asked = 0;
    // Asked to stop at once: one slice of 64 files, or all of them if fewer.
    const first = prepareGraph(prepared, 0, () => ++asked > 0);
    expect(first).toBe(Math.min(64, prepared.files.length));
    expect(prepareGraph(prepared, first)).toBe(prepared.files.length);
    const plain = fresh();
    for (const { request } of SUGGEST_CASES) {
      expect(rankFiles(request, prepared, { top: 10 })).toEqual(
        rankFiles(request, plain, { top: 10 }),
      );
    }
  });
});
