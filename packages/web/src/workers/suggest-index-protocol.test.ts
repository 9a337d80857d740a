import { describe, expect, it } from 'vitest';
import { fromColumns, toColumns } from './suggest-index-protocol';

describe('a list of files as columns', () => {
  it('gives back the same files, spaces and accents in their paths included', () => {
    const files = [
      { path: 'src/a b/é.ts', size: 12, mtime: 1_700_000_000_123.5 },
      { path: 'README.md', size: 0, mtime: 0 },
    ];
    const columns = toColumns(files);
    expect(typeof columns.paths).toBe('string');
    expect(fromColumns(structuredClone(columns))).toEqual(files);
    expect(fromColumns(toColumns([]))).toEqual([]);
  });
});
