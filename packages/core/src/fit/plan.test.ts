import { describe, expect, it } from 'vitest';
import type { FileInclusionMode } from '../prompt/segments';
import { effectiveMode, tokensIn } from './modes';
import { type FitFile, type FitInput, planFit } from './plan';

const file = (path: string, full: number, outline?: number, extra: Partial<FitFile> = {}) => ({
  path,
  mode: 'full' as FileInclusionMode,
  tokens: { full, path: 5, ...(outline === undefined ? {} : { outline }) },
  ...extra,
});

/** The total of a plan applied to its input, computed apart from the planner. */
function totalAfter(input: FitInput, plan: ReturnType<typeof planFit>): number {
  const to = new Map(plan.changes.map((change) => [change.path, change.to]));
  return input.files.reduce(
    (sum, f) => sum + tokensIn(f.tokens, to.get(f.path) ?? f.mode),
    input.otherTokens,
  );
}

describe('planFit', () => {
  it('changes nothing when the prompt already fits', () => {
    const plan = planFit({ files: [file('a.ts', 100, 20)], otherTokens: 50, budget: 150 });
    expect(plan).toEqual({ before: 150, after: 150, budget: 150, changes: [], fits: true });
  });

  it('outlines the largest files first and stops as soon as the prompt fits', () => {
    const input = {
      files: [file('small.ts', 100, 40), file('big.ts', 1000, 200), file('mid.ts', 500, 100)],
      otherTokens: 100,
      budget: 1000,
    };
    const plan = planFit(input);
    expect(plan.changes).toEqual([
      { path: 'big.ts', from: 'full', to: 'outline', saved: 800, role: 'source' },
    ]);
    expect(plan).toMatchObject({ before: 1700, after: 900, fits: true });
  });

  it('never touches a file pinned as Full, even the largest', () => {
    const input = {
      files: [file('pinned.ts', 5000, 100, { pinned: true }), file('b.ts', 800, 100)],
      otherTokens: 0,
      budget: 5200,
    };
    const plan = planFit(input);
    expect(plan.changes.map((change) => change.path)).toEqual(['b.ts']);
    expect(plan.after).toBe(5100);
  });

  it('turns files into paths, largest first, when outlines are not enough', () => {
    const input = {
      files: [
        file('no-outline.sql', 900),
        file('a.ts', 1000, 600),
        file('b.ts', 300, 250),
        file('c.ts', 200, 150),
      ],
      otherTokens: 0,
      budget: 1200,
    };
    const plan = planFit(input);
    // Outlining all three leaves 900 + 600 + 250 + 150 = 1900; then no-outline.sql (900 → 5).
    expect(plan.changes).toEqual([
      { path: 'a.ts', from: 'full', to: 'outline', saved: 400, role: 'source' },
      { path: 'b.ts', from: 'full', to: 'outline', saved: 50, role: 'source' },
      { path: 'c.ts', from: 'full', to: 'outline', saved: 50, role: 'source' },
      { path: 'no-outline.sql', from: 'full', to: 'path', saved: 895, role: 'source' },
    ]);
    expect(plan).toMatchObject({ after: 1005, fits: true });
  });

  it('reports an outlined-then-path file as one change from its first mode', () => {
    const plan = planFit({ files: [file('a.ts', 1000, 600)], otherTokens: 0, budget: 100 });
    expect(plan.changes).toEqual([
      { path: 'a.ts', from: 'full', to: 'path', saved: 995, role: 'source' },
    ]);
    expect(plan.fits).toBe(true);
  });

  it('says when the prompt cannot fit, after making every unpinned file a path', () => {
    const input = {
      files: [file('pinned.ts', 3000, 100, { pinned: true }), file('a.ts', 1000, 600)],
      otherTokens: 500,
      budget: 2000,
    };
    const plan = planFit(input);
    expect(plan).toMatchObject({ fits: false, after: 3505 });
    expect(plan.changes).toEqual([
      { path: 'a.ts', from: 'full', to: 'path', saved: 995, role: 'source' },
    ]);
  });

  it('starts from the current modes: an outlined file is not outlined again', () => {
    const input = {
      files: [file('a.ts', 1000, 300, { mode: 'outline' }), file('b.ts', 400, 100)],
      otherTokens: 0,
      budget: 350,
    };
    expect(planFit(input).changes).toEqual([
      { path: 'b.ts', from: 'full', to: 'outline', saved: 300, role: 'source' },
      { path: 'a.ts', from: 'outline', to: 'path', saved: 295, role: 'source' },
    ]);
  });

  it('is deterministic: the input order and equal sizes do not change the plan', () => {
    const files = [file('b.ts', 500, 100), file('a.ts', 500, 100), file('c.ts', 500, 100)];
    const plans = [files, [...files].reverse(), [files[1]!, files[2]!, files[0]!]].map((order) =>
      planFit({ files: order, otherTokens: 0, budget: 1200 }),
    );
    expect(plans[0]!.changes.map((change) => change.path)).toEqual(['a.ts']);
    expect(plans[1]).toEqual(plans[0]);
    expect(plans[2]).toEqual(plans[0]);
  });

  it('drops licences, lock files and changelogs before it outlines any source file', () => {
    const input = {
      files: [
        file('src/big.ts', 3000, 300),
        file('LICENSE.md', 500),
        file('package-lock.json', 800),
        file('CHANGELOG.md', 400),
      ],
      otherTokens: 0,
      budget: 3100,
    };
    const plan = planFit(input);
    expect(plan.changes.map((change) => [change.path, change.to, change.role])).toEqual([
      ['package-lock.json', 'path', 'lockfile'],
      ['LICENSE.md', 'path', 'licence'],
      ['CHANGELOG.md', 'path', 'changelog'],
    ]);
    expect(plan).toMatchObject({ after: 3015, fits: true });
  });

  it('trims generated, vendored, fixtures, tests and docs before source, in that order', () => {
    const files = [
      file('src/a.ts', 1000, 100),
      file('docs/guide.md', 100),
      file('src/a.test.ts', 1000, 200),
      file('test/fixtures/in.ts', 100, 50),
      file('vendor/x.js', 100, 50),
      file('dist/a.js', 100, 50),
    ];
    const plan = planFit({ files, otherTokens: 0, budget: 500 });
    expect(plan.changes.map((change) => [change.path, change.to])).toEqual([
      ['dist/a.js', 'path'],
      ['vendor/x.js', 'path'],
      ['test/fixtures/in.ts', 'path'],
      ['src/a.test.ts', 'path'],
      ['docs/guide.md', 'path'],
      ['src/a.ts', 'outline'],
    ]);
  });

  it('outlines a test before making it a path, and stops when that is enough', () => {
    const files = [file('src/a.ts', 1000, 100), file('src/a.test.ts', 1000, 200)];
    expect(planFit({ files, otherTokens: 0, budget: 1500 }).changes).toEqual([
      { path: 'src/a.test.ts', from: 'full', to: 'outline', saved: 800, role: 'test' },
    ]);
  });

  it('trims the files the request names last, whatever their role', () => {
    const files = [
      file('src/css.ts', 2000, 200),
      file('src/css.test.ts', 1000, 100),
      file('src/json.ts', 1500, 300),
      file('LICENSE', 500),
    ];
    const plan = planFit({ files, otherTokens: 0, budget: 2500, request: 'Fix the css plugin' });
    expect(plan.changes.map((change) => [change.path, change.to])).toEqual([
      ['LICENSE', 'path'],
      ['src/json.ts', 'path'],
      ['src/css.test.ts', 'outline'],
    ]);
    expect(plan).toMatchObject({ after: 2110, fits: true });
  });

  it('keeps its rules on many seeded random selections', () => {
    let seed = 42;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const files = Array.from({ length: 1 + next(30) }, (_, i) => {
        const full = 10 + next(5000);
        return {
          path: `f${i}.ts`,
          mode: (['full', 'full', 'outline', 'path'] as const)[next(4)]!,
          tokens: { full, path: 3 + next(10), ...(next(3) ? { outline: next(full) } : {}) },
          pinned: next(5) === 0,
        };
      });
      const input = { files, otherTokens: next(2000), budget: next(40_000) };
      const plan = planFit(input);
      expect(plan.after).toBe(totalAfter(input, plan));
      expect(plan.fits).toBe(plan.after <= input.budget);
      for (const change of plan.changes) {
        const source = files.find((f) => f.path === change.path)!;
        expect(source.pinned).toBe(false);
        expect(change.from).toBe(source.mode);
        expect(change.saved).toBeGreaterThan(0);
      }
      if (!plan.fits) {
        // Nothing left to change: every unpinned file is a path (or as small as it gets).
        const to = new Map(plan.changes.map((change) => [change.path, change.to]));
        for (const f of files.filter((f) => !f.pinned)) {
          const mode = to.get(f.path) ?? f.mode;
          expect(tokensIn(f.tokens, mode)).toBeLessThanOrEqual(f.tokens.path);
        }
      }
    }
  });
});

describe('effectiveMode', () => {
  const folders = new Map<string, FileInclusionMode>([
    ['src', 'outline'],
    ['src/vendor', 'path'],
  ]);
  const files = new Map<string, FileInclusionMode>([['src/vendor/keep.ts', 'full']]);

  it("takes the file's own mode, else the nearest folder's, else full", () => {
    expect(effectiveMode('src/vendor/keep.ts', files, folders)).toBe('full');
    expect(effectiveMode('src/vendor/lib/x.ts', files, folders)).toBe('path');
    expect(effectiveMode('src/a.ts', files, folders)).toBe('outline');
    expect(effectiveMode('README.md', files, folders)).toBe('full');
    expect(effectiveMode('srcx/a.ts', files, folders)).toBe('full');
  });

  it('uses the root default for files at any depth', () => {
    expect(effectiveMode('a/b.ts', new Map(), new Map([['', 'path']]))).toBe('path');
  });
});
