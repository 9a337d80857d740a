import { describe, expect, it } from 'vitest';
import type { PromptSegment } from '../prompt/prompt-types';
import { countCl100k } from '../tokens/count-cl100k.js';
import { type CountPiece, type CountingEnvironment, countSegments } from './count-pieces';

// One segment per batch, each after a turn: as files come when every one is read.
async function* stream(segments: PromptSegment[]): AsyncGenerator<PromptSegment[]> {
  for (const segment of segments) yield [await Promise.resolve(segment)];
}

const segments: PromptSegment[] = [
  { kind: 'section', text: 'Tree:\n' },
  { kind: 'file', path: 'a.ts', text: 'const a = 1;\n\n' },
  // Starts with spaces: the tokenizer may merge them with the previous newlines, so it joins
  // the piece before it.
  { kind: 'file', path: 'b.ts', text: '  indented();\n' },
  { kind: 'file', path: 'c.ts', text: 'const c = 3;\n' },
];

function environment(sent: CountPiece[][], extra: Partial<CountingEnvironment> = {}) {
  return {
    count: (pieces: readonly CountPiece[]) => {
      sent.push([...pieces]);
      return Promise.resolve({ counts: pieces.map((p) => countCl100k(p.text)), findings: null });
    },
    ...extra,
  } satisfies CountingEnvironment;
}

describe('countSegments', () => {
  it('keeps no segment with keepSegments false, and counts and cuts the same', async () => {
    const kept: CountPiece[][] = [];
    const dropped: CountPiece[][] = [];
    const withSegments = await countSegments(stream(segments), environment(kept));
    const without = await countSegments(stream(segments), environment(dropped), {
      keepSegments: false,
    });
    expect(withSegments!.segments).toEqual(segments);
    expect(without!.segments).toEqual([]);
    expect(without!.counts).toEqual(withSegments!.counts);
    expect(without!.total).toBe(withSegments!.total);
    const cuts = (sent: CountPiece[][]) => sent.flat().map((p) => [p.first, p.span, p.path]);
    expect(cuts(dropped)).toEqual(cuts(kept));
  });

  it("joins segments at unsafe cuts, so the counts add up to the whole prompt's", async () => {
    const sent: CountPiece[][] = [];
    const counted = await countSegments(stream(segments), environment(sent), { batchPieces: 2 });
    const whole = countCl100k(segments.map((s) => s.text).join(''));
    expect(counted!.total).toBe(whole);
    const pieces = sent.flat();
    expect(pieces.map((p) => [p.first, p.span, p.path])).toEqual([
      [0, 1, null],
      [1, 2, null],
      [3, 1, 'c.ts'],
    ]);
    // Batches of two pieces: the first went before the last segment came.
    expect(sent.map((batch) => batch.length)).toEqual([2, 1]);
    expect(counted!.counts[2]).toBe(0);
  });

  it('answers from what the environment remembers, and says how', async () => {
    const sent: CountPiece[][] = [];
    const kept: [string | null, string][] = [];
    const counted = await countSegments(
      stream(segments),
      environment(sent, {
        recall: (segment) => (segment.path === 'c.ts' ? { count: 7 } : undefined),
        lookup: (piece) => (piece.first === 0 ? { count: 2 } : undefined),
        keep: (piece, _answer, how) => kept.push([piece.path, how]),
      }),
    );
    expect(sent.flat().map((p) => p.first)).toEqual([1]);
    expect(counted!.counts[3]).toBe(7);
    expect(counted!.counts[0]).toBe(2);
    expect(counted!.tokenized).toBe(1);
    expect(kept).toEqual([
      [null, 'stored'],
      ['c.ts', 'recalled'],
      [null, 'counted'],
    ]);
  });

  it('answers an unread file segment by its memo, and reads one it cannot answer', async () => {
    // As the assembly streams files left unread (PromptInput.knownFile): only the glue.
    const read: string[] = [];
    const unread = (segment: PromptSegment): PromptSegment => ({
      ...segment,
      text: '',
      lead: '',
      trail: '',
      unread: () => {
        read.push(segment.path!);
        return Promise.resolve(segment.text);
      },
    });
    const files: PromptSegment[] = [
      { kind: 'section', text: 'Tree:\n' },
      { kind: 'file', path: 'a.ts', text: 'const a = 1;\n' },
      { kind: 'file', path: 'b.ts', text: 'const b = 2;\n' },
      { kind: 'file', path: 'c.ts', text: 'const c = 3;\n' },
    ];
    const memo = (path: string) => {
      const text = files.find((s) => s.path === path)!.text;
      return { count: countCl100k(text), startsVisible: true, endsWithNewline: true };
    };
    const sent: CountPiece[][] = [];
    const counted = await countSegments(
      stream([files[0]!, ...files.slice(1).map(unread)]),
      // b.ts's size or mtime changed: nothing remembered, so it is read and counted.
      environment(sent, { recall: (s) => (s.path === 'b.ts' ? undefined : memo(s.path!)) }),
    );
    expect(read).toEqual(['b.ts']);
    expect(sent.flat().map((p) => p.text)).toEqual(['Tree:\n', 'const b = 2;\n']);
    expect(counted!.total).toBe(countCl100k(files.map((s) => s.text).join('')));

    // A memo without boundary classes cannot place the segment: it is read.
    read.length = 0;
    await countSegments(
      stream(files.slice(1).map(unread)),
      environment([], { recall: (s) => ({ count: memo(s.path!).count }) }),
    );
    expect(read).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('reads an unread segment that joins its neighbours, so the joined piece is exact', async () => {
    const read: string[] = [];
    const a: PromptSegment = { kind: 'file', path: 'a.ts', text: 'const a = 1;' };
    const b: PromptSegment = { kind: 'file', path: 'b.ts', text: 'const b = 2;\n' };
    const counted = await countSegments(
      stream([
        a,
        {
          ...b,
          text: '',
          unread: () => {
            read.push('b.ts');
            return Promise.resolve(b.text);
          },
        },
      ]),
      // b.ts is remembered, but a.ts ends without a newline: the two are one piece.
      environment([], {
        recall: (s) =>
          s.path === 'b.ts' ? { count: 99, startsVisible: true, endsWithNewline: true } : undefined,
      }),
    );
    expect(read).toEqual(['b.ts']);
    expect(counted!.total).toBe(countCl100k(a.text + b.text));
  });

  it('gives up when a newer count has started', async () => {
    let stale = false;
    const counting = countSegments(stream(segments), environment([], { isStale: () => stale }));
    stale = true;
    expect(await counting).toBeNull();
  });
});
