import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/seeded-random';
import { spliceLines } from './line-index';
import { keepFinalNewline, linesOf, readBody, writeBody, type Lines } from './text';

const EOLS = ['', '\n', '\r\n'];
/** The text of a version line by line, without the runs of kept lines. */
const naive = (lines: Lines) => lines.texts.map((text, k) => text + EOLS[lines.eols[k]!]!).join('');

describe('runs of kept lines', () => {
  it('write a version as its lines are, and point at lines read with the same text', () => {
    const random = seededRandom(131);
    for (let round = 0; round < 300; round++) {
      const eol = random.int(2) === 0 ? '\n' : '\r\n';
      const count = random.int(30);
      const text = Array.from({ length: count }, () => `l${random.int(5)}${eol}`).join('');
      const body = readBody(random.int(4) === 0 ? text.slice(0, -eol.length) : text);
      let lines = body.lines;
      for (let edit = random.int(5); edit > 0; edit--) {
        const at = random.int(lines.texts.length + 1);
        const removed = random.int(lines.texts.length - at + 1);
        const inserted = Array.from({ length: random.int(4) }, () => `n${random.int(3)}`);
        lines = spliceLines(lines, at, removed, linesOf(inserted, eol));
        if (random.int(3) === 0) lines = keepFinalNewline(lines, random.int(2) === 0, eol);
      }
      expect(writeBody({ ...body, lines })).toBe(naive(lines));
      const read = body.lines;
      let end = 0;
      for (let r = 0; r < lines.kept.length; r += 3) {
        const [at, from, length] = lines.kept.subarray(r, r + 3);
        expect(at).toBeGreaterThanOrEqual(end);
        expect(length).toBeGreaterThan(0);
        for (let k = 0; k < length!; k++) {
          expect(lines.texts[at! + k]).toBe(read.texts[from! + k]);
          expect(lines.eols[at! + k]).toBe(read.eols[from! + k]);
        }
        end = at! + length!;
      }
    }
  });
});
