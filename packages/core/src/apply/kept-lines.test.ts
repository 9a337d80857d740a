import { describe, expect, it } from 'vitest';
import { fence, planAnswer, searchReplace } from './test-answers';

const plan = (answer: string, files: Record<string, string>) => planAnswer(answer, files).files;

// The lines no edit touched are written back from the text as read and anchor the counts.
describe('lines an edit keeps', () => {
  it('keeps the bytes of untouched lines between edits: mixed endings, BOM, no final newline', () => {
    const text = '\uFEFFa\r\nb\r\nc\nd\r\ne\r\nf';
    const answer = searchReplace('m.txt', 'b\n', 'B\n') + searchReplace('m.txt', 'e\n', 'E1\nE2\n');
    const [file] = plan(answer, { 'm.txt': text });
    // New lines take the file's most common ending (CRLF, 4 lines of 6); c keeps its LF.
    expect(file).toMatchObject({ status: 'modified', added: 3, removed: 2 });
    expect(file?.after).toBe('\uFEFFa\r\nB\r\nc\nd\r\nE1\r\nE2\r\nf');
  });

  it('finds a text that occurs twice once an earlier block made it unique', () => {
    const text = 'x = 1;\nmid();\nx = 1;\nend();\n';
    const answer =
      searchReplace('t.js', 'x = 1;\nmid();\n', 'x = 0;\nmid();\n') +
      searchReplace('t.js', 'x = 1;\n', 'x = 2;\n');
    const [file] = plan(answer, { 't.js': text });
    expect(file).toMatchObject({ status: 'modified', added: 2, removed: 2 });
    expect(file?.after).toBe('x = 0;\nmid();\nx = 2;\nend();\n');
  });

  it('counts a fuzzy (re-indented) match and a CRLF diff against the lines as read', () => {
    const text = 'if (a) {\r\n  one();\r\n  two();\r\n}\r\ntail();\r\n';
    const answer =
      searchReplace('i.ts', 'one();\ntwo();\n', 'one();\nthree();\n') +
      `${fence}diff\n--- a/i.ts\n+++ b/i.ts\n@@ -5 +5,2 @@\n-tail();\n+tail(1);\n+done();\n${fence}\n`;
    const [file] = plan(answer, { 'i.ts': text });
    expect(file).toMatchObject({ status: 'modified', added: 3, removed: 2 });
    expect(file?.after).toBe('if (a) {\r\n  one();\r\n  three();\r\n}\r\ntail(1);\r\ndone();\r\n');
  });
});
