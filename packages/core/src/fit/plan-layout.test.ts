import { describe, expect, it } from 'vitest';
import layout from './fixtures/vite-layout.json';
import { tokensIn } from './modes';
import { type FitFile, planFit } from './plan';
import { type FileRole, fileRole } from './roles';

/**
 * A real repository's shape: vite's packages/vite (559 files, 539 listed as the app lists
 * them), each file's tokens in every mode counted by scripts/fit-layout-fixture.ts. 653,179
 * tokens with the default composition against the default model's 200,000-token budget.
 */
const files: FitFile[] = layout.files.map((f) => ({
  path: f.path,
  mode: 'full',
  tokens: {
    full: f.full,
    path: f.pathTokens,
    ...(f.outline === undefined ? {} : { outline: f.outline }),
  },
}));
const BUDGET = 200_000;
/** The order decision 052 states, written out apart from the planner's own table. */
const TIER_OF: Record<FileRole, number> = {
  licence: 0,
  lockfile: 0,
  changelog: 0,
  generated: 1,
  vendored: 1,
  fixture: 2,
  asset: 3,
  test: 4,
  docs: 5,
  readme: 6,
  source: 6,
};
const tier = (role: FileRole) => TIER_OF[role];

const modesAfter = (plan: ReturnType<typeof planFit>, input: readonly FitFile[]) => {
  const to = new Map(plan.changes.map((change) => [change.path, change.to]));
  return new Map(input.map((file) => [file.path, to.get(file.path) ?? file.mode]));
};

describe('planFit on vite/packages/vite', () => {
  it('drops the licence and the changelog, then fixtures and tests, before any source is outlined', () => {
    const plan = planFit({ files, otherTokens: layout.otherTokens, budget: BUDGET });
    expect(plan.fits).toBe(true);
    expect(plan.before).toBe(653_179);
    const modes = modesAfter(plan, files);
    expect(modes.get('LICENSE.md')).toBe('path');
    expect(modes.get('CHANGELOG.md')).toBe('path');
    // The tiers come one after the other: no change of a later tier precedes an earlier one.
    const tiers = plan.changes.map((change) => tier(change.role));
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    // Every file that is not source is reduced to its path, since source had to be outlined.
    for (const file of files) {
      if (tier(fileRole(file.path)) < TIER_OF.source)
        expect([file.path, modes.get(file.path)]).toEqual([file.path, 'path']);
    }
    // Source files keep all their content except the few largest, which are outlined.
    const source = files.filter((file) => fileRole(file.path) === 'source');
    const outlined = source.filter((file) => modes.get(file.path) === 'outline');
    expect(source.every((file) => modes.get(file.path) !== 'path')).toBe(true);
    expect(outlined.length).toBeLessThan(source.length / 4);
    const smallestOutlined = Math.min(...outlined.map((file) => file.tokens.full));
    for (const file of source.filter(
      (f) => modes.get(f.path) === 'full' && f.tokens.outline !== undefined,
    )) {
      expect(file.tokens.full).toBeLessThanOrEqual(smallestOutlined);
    }
    const after = files.reduce(
      (sum, file) => sum + tokensIn(file.tokens, modes.get(file.path)!),
      layout.otherTokens,
    );
    expect(after).toBe(plan.after);
    expect(after).toBeLessThanOrEqual(BUDGET);
  });

  it('never touches a pinned file, even the licence', () => {
    const unpinned = planFit({ files, otherTokens: layout.otherTokens, budget: BUDGET });
    expect(modesAfter(unpinned, files).get('src/node/config.ts')).toBe('outline');
    const pinned = files.map((file) =>
      file.path === 'LICENSE.md' || file.path === 'src/node/config.ts'
        ? { ...file, pinned: true }
        : file,
    );
    const plan = planFit({ files: pinned, otherTokens: layout.otherTokens, budget: BUDGET });
    const changed = new Set(plan.changes.map((change) => change.path));
    expect(changed.has('LICENSE.md')).toBe(false);
    expect(changed.has('src/node/config.ts')).toBe(false);
    expect(plan.fits).toBe(true);
  });

  it('keeps what the request is about: the SSR transform and its test stay whole', () => {
    const plan = planFit({
      files,
      otherTokens: layout.otherTokens,
      budget: BUDGET,
      request: 'ssrTransform drops a comment before an import; fix it and extend its test',
    });
    const modes = modesAfter(plan, files);
    expect(modes.get('src/node/ssr/ssrTransform.ts')).toBe('full');
    expect(modes.get('src/node/ssr/__tests__/ssrTransform.spec.ts')).toBe('full');
    expect(modes.get('src/node/__tests__/build.spec.ts')).toBe('path');
    expect(plan.fits).toBe(true);
  });

  it('reaches a small budget by paths, still tier by tier', () => {
    const plan = planFit({ files, otherTokens: layout.otherTokens, budget: 32_000 });
    expect(plan.fits).toBe(true);
    const tiers = plan.changes.map((change) => tier(change.role));
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
  });
});
