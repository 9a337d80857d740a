import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/seeded-random';
import { editLines } from './edit-lines';
import { answerLines } from './text';
import { parseAnswer } from '.';

describe('the lines parse keeps for an edit', () => {
  it('are the lines a split of its text gives (blank lines, CRLF, empty sides, whole files)', () => {
    const random = seededRandom(135);
    const line = () => ['', ' ', 'a', 'b\r', '  c', '\t'][random.int(6)]!;
    const lines = (count: number) => Array.from({ length: count }, line);
    for (let round = 0; round < 200; round++) {
      const eol = random.int(3) === 0 ? '\r\n' : '\n';
      const search = lines(random.int(4)).join(eol);
      const replace = lines(random.int(4)).join(eol);
      const whole = lines(1 + random.int(4)).join(eol);
      const answer = [
        'a.ts',
        '```',
        '<<<<<<< SEARCH',
        ...(search ? [search] : []),
        '=======',
        ...(replace ? [replace] : []),
        '>>>>>>> REPLACE',
        '```',
        '',
        'b.ts',
        '```',
        'x',
        whole,
        '```',
        '',
      ].join(eol);
      for (const edit of parseAnswer(answer).edits) {
        if (edit.kind === 'search-replace') {
          expect(editLines(edit, 'search')).toEqual(answerLines(edit.search));
          expect(editLines(edit, 'replace')).toEqual(answerLines(edit.replace));
          edit.search = 'changed\n';
          expect(editLines(edit, 'search')).toEqual(['changed']);
        }
        if (edit.kind === 'whole-file')
          expect(editLines(edit, 'text')).toEqual(answerLines(edit.text));
      }
    }
  });
});
