import { describe, expect, it } from 'vitest';
import { derived } from './derived';
import { indexFile } from './index-file';
import { buildProjectIndex } from './project-index';
import { parseRequest } from './request';
import { definitionScores } from './signals';

const project = buildProjectIndex([
  indexFile({
    path: 'rich/text.py',
    text: 'class Text:\n    @classmethod\n    def from_markup(cls, text, style=""):\n        return cls(text)\n',
  }),
  indexFile({
    path: 'rich/console.py',
    text: 'class Console:\n    def newline(self, count=1):\n        self.write("\\n" * count)\n',
  }),
]);

const report = [
  'Missing `end` keyword argument in `Text.from_markup`',
  '',
  'I use Text with end="" to print without a newline, and from_markup throws.',
].join('\n');

describe('definitionScores', () => {
  it('leaves out a file that defines only a prose word beside the names a report quotes', () => {
    const scores = definitionScores(parseRequest(report), derived(project));
    const paths = [...scores.keys()].map((at) => project.files[at]!.path);
    expect(paths).toEqual(['rich/text.py']);
  });

  it('keeps the definers of a prose word when no file defines more', () => {
    const scores = definitionScores(parseRequest('print without a newline'), derived(project));
    const paths = [...scores.keys()].map((at) => project.files[at]!.path);
    expect(paths).toEqual(['rich/console.py']);
  });
});
