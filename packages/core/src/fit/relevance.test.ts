import { describe, expect, it } from 'vitest';
import type { FileInclusionMode } from '../prompt/segments';
import { folderRowMode } from './modes';
import { planFit } from './plan';

const file = (path: string, full: number, outline?: number) => ({
  path,
  mode: 'full' as FileInclusionMode,
  tokens: { full, path: 5, ...(outline === undefined ? {} : { outline }) },
});

describe('planFit with a ranking', () => {
  it('trims files outside the ranking first, then the ranked ones from the least relevant up', () => {
    const ranked = {
      files: [
        file('src/top.ts', 1000, 100),
        file('src/second.ts', 1000, 100),
        file('src/other.ts', 1000, 100),
      ],
      otherTokens: 0,
      request: 'make the thing faster',
      relevance: ['src/top.ts', 'src/second.ts'],
    };
    const plan = planFit({ ...ranked, budget: 2200 });
    expect(plan.changes.map((c) => [c.path, c.to])).toEqual([['src/other.ts', 'outline']]);

    const tighter = planFit({ ...ranked, budget: 1250 });
    // The unranked file goes all the way to a path before a ranked one is outlined.
    expect(tighter.changes.map((c) => [c.path, c.to])).toEqual([
      ['src/other.ts', 'path'],
      ['src/second.ts', 'outline'],
    ]);
  });

  it('gives the room a path left back to the most relevant file, whole', () => {
    const plan = planFit({
      files: [file('src/top.ts', 1000, 800), file('src/second.ts', 5000, 3000)],
      otherTokens: 0,
      budget: 1500,
      request: 'fix the top thing',
      relevance: ['src/top.ts', 'src/second.ts'],
    });
    // Making second.ts a path left room for top.ts whole, which the outline pass had trimmed.
    expect(plan.changes.map((c) => [c.path, c.to])).toEqual([['src/second.ts', 'path']]);
    expect(plan).toMatchObject({ after: 1005, fits: true });

    // A ranked file with no outline is trimmed after the outlines: the room still goes by rank.
    const noOutline = planFit({
      files: [
        file('src/top.ts', 1000, 800),
        file('src/second.ts', 5000, 3000),
        file('.github/ci.yaml', 300),
      ],
      otherTokens: 0,
      budget: 1100,
      request: 'fix the top thing',
      relevance: ['src/top.ts', 'src/second.ts', '.github/ci.yaml'],
    });
    expect(noOutline.changes.map((c) => [c.path, c.to])).toEqual([
      ['src/second.ts', 'path'],
      ['.github/ci.yaml', 'path'],
    ]);
  });

  it('gives the room back in order of importance, stopping at the first file it cannot hold', () => {
    const plan = planFit({
      files: [
        file('src/top.ts', 1000, 800),
        file('src/second.ts', 3000, 1000),
        file('src/third.ts', 400, 100),
      ],
      otherTokens: 0,
      budget: 1400,
      request: 'fix the top thing',
      relevance: ['src/top.ts', 'src/second.ts', 'src/third.ts'],
    });
    // top.ts whole; second.ts cannot be whole again, so third.ts, less relevant, stays a path.
    expect(plan.changes.map((c) => [c.path, c.to])).toEqual([
      ['src/third.ts', 'path'],
      ['src/second.ts', 'path'],
    ]);
    expect(plan.after).toBe(1010);
  });

  it('without a request trims assets and data before source, licences before code', () => {
    const plan = planFit({
      files: [
        file('src/index.ts', 3000, 300),
        file('src/style.css', 1500),
        file('src/logo.svg', 1500),
        file('LICENSE', 400),
      ],
      otherTokens: 0,
      budget: 3100,
    });
    expect(plan.changes.map((c) => [c.path, c.to, c.role])).toEqual([
      ['LICENSE', 'path', 'licence'],
      ['src/logo.svg', 'path', 'asset'],
      ['src/style.css', 'path', 'asset'],
    ]);
    expect(plan.fits).toBe(true);
  });

  it('never outlines the named or top file in an editing answer format, and says when that is why it does not fit', () => {
    const files = [file('src/parser.ts', 5000, 500), file('src/other.ts', 1000, 100)];
    const base = { files, otherTokens: 0, budget: 3000, request: 'fix parser.ts' };
    const whole = planFit({ ...base, answerFormat: 'whole-files' });
    expect(whole.changes.map((c) => c.path)).toContain('src/parser.ts');
    for (const answerFormat of ['search-replace', 'unified-diff'] as const) {
      const plan = planFit({ ...base, answerFormat });
      expect(plan.changes.map((c) => c.path)).toEqual(['src/other.ts']);
      expect(plan).toMatchObject({ fits: false, keptWhole: ['src/parser.ts'] });
    }
    const top = planFit({
      files,
      otherTokens: 0,
      budget: 3000,
      request: 'the tokenizer splits words wrong',
      relevance: ['src/other.ts', 'src/parser.ts'],
      answerFormat: 'search-replace',
    });
    expect(top.changes.map((c) => [c.path, c.to])).toEqual([['src/parser.ts', 'outline']]);
    expect(top.fits).toBe(true);
    expect(top.keptWhole).toBeUndefined();
  });
});

describe('folderRowMode', () => {
  it('shows the mode its files share, so a folder whose only file was outlined reads outline', () => {
    const fileModes = new Map<string, FileInclusionMode>([['src/a.ts', 'outline']]);
    expect(folderRowMode('src', ['src/a.ts'], fileModes, new Map())).toBe('outline');
    expect(folderRowMode('src', ['src/a.ts', 'src/b.ts'], fileModes, new Map())).toBe('mixed');
    expect(folderRowMode('src', [], fileModes, new Map([['', 'path']]))).toBe('path');
  });
});
