import { describe, expect, it } from 'vitest';
import { parseAnswer } from '.';

const texts = (answer: string) =>
  parseAnswer(answer).edits.map((edit) =>
    edit.kind === 'search-replace'
      ? [edit.path, edit.search, edit.replace]
      : edit.kind === 'whole-file'
        ? [edit.path, edit.text]
        : [edit.kind],
  );

describe('parseAnswer: fence and marker variants', () => {
  it('closes a fence only with its own character, at least as long, indented up to 3 spaces', () => {
    const answer = [
      'a.md',
      '~~~~md',
      '```',
      '~~~',
      'x ~~~~',
      '   ~~~~~  ',
      'b.ts',
      '  ```ts',
      '  const b = 1;',
      '    ```',
      '   ```',
    ].join('\n');
    expect(texts(answer)).toEqual([
      ['a.md', '```\n~~~\nx ~~~~\n'],
      ['b.ts', 'const b = 1;\n  ```\n'],
    ]);
  });

  it('reads markers of 5 to 9 characters with spaces around them, and no other line as one', () => {
    const answer = [
      'a.ts',
      '```ts',
      '  <<<<< SEARCH>',
      'x <<<<<<< SEARCH',
      '==== ',
      '  =========  ',
      '>>>>>>>> REPLACE ',
      '<<<<<<<<< SEARCH',
      'b',
      '=====',
      'B',
      '=======',
      '```',
    ].join('\n');
    expect(texts(answer)).toEqual([
      ['a.ts', 'x <<<<<<< SEARCH\n==== \n', ''],
      ['a.ts', 'b\n', 'B\n'],
    ]);
  });
});
