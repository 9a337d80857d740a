import { describe, expect, it } from 'vitest';
import { computeDiffRows, foldUnchanged, type DiffRow } from './diff-rows';

const lines = (n: number, prefix = 'line') =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe('computeDiffRows', () => {
  it('reports identical texts without rows', async () => {
    expect(await computeDiffRows('a\nb', 'a\nb')).toEqual({
      rows: [],
      identical: true,
      approximate: false,
    });
  });

  it('pairs a modified line side by side and keeps line numbers per side', async () => {
    const { rows } = await computeDiffRows('keep\nold\nend', 'keep\nnew\nextra\nend');
    expect(rows).toEqual([
      { kind: 'same', left: { line: 1, text: 'keep' }, right: { line: 1, text: 'keep' } },
      { kind: 'change', left: { line: 2, text: 'old' }, right: { line: 2, text: 'new' } },
      { kind: 'change', left: null, right: { line: 3, text: 'extra' } },
      { kind: 'same', left: { line: 3, text: 'end' }, right: { line: 4, text: 'end' } },
    ]);
  });

  it('shows a new file of N lines as N added rows: its final newline is no extra line', async () => {
    const { rows } = await computeDiffRows('', 'one\ntwo\n');
    expect(rows).toEqual([
      { kind: 'change', left: null, right: { line: 1, text: 'one' } },
      { kind: 'change', left: null, right: { line: 2, text: 'two' } },
    ]);
    // An added line at the end of a file that ends with a newline: one row, not two.
    const grown = await computeDiffRows('a\n', 'a\nb\n');
    expect(grown.rows.filter((row) => row.kind === 'change')).toEqual([
      { kind: 'change', left: null, right: { line: 2, text: 'b' } },
    ]);
  });

  it('shows a final newline added or removed as a change of the last line', async () => {
    const result = await computeDiffRows('a\nb', 'a\nb\n');
    expect(result.identical).toBe(false);
    expect(result.rows).toEqual([
      { kind: 'same', left: { line: 1, text: 'a' }, right: { line: 1, text: 'a' } },
      { kind: 'change', left: { line: 2, text: 'b' }, right: { line: 2, text: 'b' } },
    ]);
  });

  it('folds long unchanged runs around a change, keeping 3 lines of context', async () => {
    const before = lines(100);
    const after = [...before];
    after[49] = 'changed';
    const { rows } = await computeDiffRows(before.join('\n'), after.join('\n'));
    const kinds = rows.map((row) => row.kind);
    expect(kinds).toEqual([
      'fold',
      'same',
      'same',
      'same',
      'change',
      'same',
      'same',
      'same',
      'fold',
    ]);
    const folds = rows.filter(
      (row): row is Extract<DiffRow, { kind: 'fold' }> => row.kind === 'fold',
    );
    expect(folds.map((fold) => fold.count)).toEqual([46, 47]);
  });

  it('handles large inputs and falls back to a whole replacement when the diff times out', async () => {
    const before = lines(20_000, 'a').join('\n');
    const after = lines(20_000, 'b').join('\n');
    const result = await computeDiffRows(before, after, 1);
    expect(result.identical).toBe(false);
    const changes = result.rows.filter((row) => row.kind === 'change');
    expect(changes).toHaveLength(20_000);
  });
});

describe('foldUnchanged', () => {
  it('leaves short runs alone', () => {
    const same = (n: number): DiffRow => ({
      kind: 'same',
      left: { line: n, text: `${n}` },
      right: { line: n, text: `${n}` },
    });
    const rows = [
      same(1),
      same(2),
      { kind: 'change', left: null, right: { line: 3, text: 'x' } } as DiffRow,
    ];
    expect(foldUnchanged(rows)).toEqual(rows);
  });
});
