import { describe, expect, it, vi } from 'vitest';
import { plannedFile } from '#web/test/planned-file.ts';
import { asWritten, heldAfters, withAfters } from './held-afters';

describe('the new texts the apply worker holds', () => {
  const a = plannedFile('a.ts', 'modified', { before: 'a\n', after: null });
  const b = plannedFile('b.ts', 'modified', { before: 'b\n', after: 'B\n' });
  const c = plannedFile('c.ts', 'modified', { before: 'c\n', after: null });
  const gone = plannedFile('gone.ts', 'deleted', { before: 'x\n', after: null });

  it('are asked for when needed, once each, and written into the files', async () => {
    const ask = vi.fn((places: number[]) =>
      Promise.resolve(places.map((k): [number, string] => [k, `new ${k}\n`])),
    );
    const held = heldAfters(
      new Map([
        [a, 0],
        [c, 2],
      ]),
      ask,
    )!;
    expect(ask).not.toHaveBeenCalled();
    expect(held.has(a) && !held.has(b) && !held.has(gone)).toBe(true);
    expect(await held.texts([a])).toEqual(new Map([[a, 'new 0\n']]));
    const files = await withAfters([a, b, c, gone], held);
    expect(files.map((f) => f.after)).toEqual(['new 0\n', 'B\n', 'new 2\n', null]);
    expect(ask.mock.calls).toEqual([[[0]], [[2]]]);
  });

  it('are asked for again after a failed ask', async () => {
    const ask = vi
      .fn<(places: number[]) => Promise<[number, string][]>>()
      .mockRejectedValueOnce(new Error('worker ended'))
      .mockResolvedValueOnce([[0, 'A\n']]);
    const held = heldAfters(new Map([[a, 0]]), ask)!;
    await expect(held.texts([a])).rejects.toThrow('worker ended');
    expect(await held.texts([a])).toEqual(new Map([[a, 'A\n']]));
  });

  it('count as written where paths clash, a deleted file not', () => {
    const held = heldAfters(new Map([[a, 0]]), () => Promise.resolve([]));
    const plan = asWritten({ files: [a, gone], failures: [] }, held);
    expect(plan.files.map((f) => f.after !== null)).toEqual([true, false]);
    expect(heldAfters(new Map(), () => Promise.resolve([]))).toBeNull();
  });
});
