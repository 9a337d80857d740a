import { describe, expect, it } from 'vitest';
import { parseAnswer, type AnswerEdit } from '.';
import { fence } from './test-answers';

const summary = (edits: AnswerEdit[]) =>
  edits.map((edit) => {
    if (edit.kind === 'whole-file') return ['whole-file', edit.path, edit.text];
    if (edit.kind === 'search-replace')
      return ['search-replace', edit.path, edit.search, edit.replace];
    if (edit.kind === 'delete-file') return ['delete-file', edit.path];
    return ['unified-diff', edit.oldPath, edit.newPath, edit.hunks.length];
  });

describe('parseAnswer: whole files', () => {
  it.each([
    ['a bare path', 'src/a.ts'],
    ['a bold path', '**src/a.ts**'],
    ['a heading', '### src/a.ts'],
    ['a File: label', 'File: src/a.ts'],
    ['a bold label and backticks', '**File:** `src/a.ts`'],
    ['backticks and a colon', '`src/a.ts`:'],
    ['a list item', '- `src/a.ts`'],
  ])('reads the path on the line before the fence: %s', (_, line) => {
    const answer = `Here is the change.\n\n${line}\n${fence}ts\nexport const a = 1;\n${fence}\n\nDone.`;
    expect(summary(parseAnswer(answer).edits)).toEqual([
      ['whole-file', 'src/a.ts', 'export const a = 1;\n'],
    ]);
  });

  it.each([['ts src/a.ts'], ['ts:src/a.ts'], ['src/a.ts'], ['ts title="src/a.ts"']])(
    'reads the path in the info string %s',
    (info) => {
      const answer = `${fence}${info}\nexport const a = 1;\n${fence}`;
      expect(summary(parseAnswer(answer).edits)).toEqual([
        ['whole-file', 'src/a.ts', 'export const a = 1;\n'],
      ]);
    },
  );

  it('ignores prose and code blocks that name no file', () => {
    const answer = [
      'Here is the updated code:',
      `${fence}ts`,
      'const snippet = true;',
      fence,
      'Run it with:',
      `${fence}bash`,
      'npm test',
      fence,
      '**Why this works**',
      `${fence}`,
      'plain',
      fence,
    ].join('\n');
    expect(parseAnswer(answer)).toEqual({ edits: [], problems: [] });
  });

  it('keeps a path with spaces when something delimits it', () => {
    const answer = `**src/my file.ts**\n${fence}ts\nx\n${fence}\n\nFile: docs/read me.md\n${fence}\ny\n${fence}\n`;
    expect(parseAnswer(answer).edits.map((edit) => edit.path)).toEqual([
      'src/my file.ts',
      'docs/read me.md',
    ]);
  });

  it('reads a Markdown file that holds fences inside a longer fence', () => {
    const inner = `# Guide\n\n${fence}ts\nconst x = 1;\n${fence}\n\nEnd.\n`;
    const answer = `docs/guide.md\n\`\`\`\`markdown\n${inner}\`\`\`\`\n\nsrc/b.ts\n${fence}ts\nb\n${fence}\n`;
    expect(summary(parseAnswer(answer).edits)).toEqual([
      ['whole-file', 'docs/guide.md', inner],
      ['whole-file', 'src/b.ts', 'b\n'],
    ]);
  });

  it('reads <file path> elements, fenced or not, and deletions', () => {
    const answer = [
      '<file path="src/a.ts">',
      'export const a = 1;',
      '</file>',
      "<file path='src/b.ts'>",
      `${fence}ts`,
      'export const b = 2;',
      fence,
      '</file>',
      '<file path="src/old.ts" action="delete" />',
    ].join('\n');
    expect(summary(parseAnswer(answer).edits)).toEqual([
      ['whole-file', 'src/a.ts', 'export const a = 1;\n'],
      ['whole-file', 'src/b.ts', 'export const b = 2;\n'],
      ['delete-file', 'src/old.ts'],
    ]);
  });

  it('reports a whole file whose fence is never closed (a cut answer) instead of writing half of it', () => {
    const parsed = parseAnswer(`src/a.ts\n${fence}ts\nexport const a = 1;\n`);
    expect(parsed.edits).toEqual([]);
    expect(parsed.problems).toMatchObject([{ code: 'UNTERMINATED_BLOCK', line: 2 }]);
  });

  it('reads an answer pasted with CRLF line endings', () => {
    const answer = `src/a.ts\r\n${fence}ts\r\nconst a = 1;\r\n${fence}\r\n`;
    expect(summary(parseAnswer(answer).edits)).toEqual([
      ['whole-file', 'src/a.ts', 'const a = 1;\n'],
    ]);
  });
});

describe('parseAnswer: search/replace blocks', () => {
  it('reads blocks under the path, fenced or bare, several for one file, in order', () => {
    const answer = [
      'src/a.ts',
      `${fence}ts`,
      '<<<<<<< SEARCH',
      'one',
      '=======',
      'ONE',
      '>>>>>>> REPLACE',
      '',
      '<<<<<<< SEARCH',
      'two',
      '=======',
      '>>>>>>> REPLACE',
      fence,
      '',
      'Then, without a fence:',
      '',
      'src/b.py',
      '<<<<<<< SEARCH',
      '=======',
      'print("new")',
      '>>>>>>> REPLACE',
    ].join('\n');
    expect(summary(parseAnswer(answer).edits)).toEqual([
      ['search-replace', 'src/a.ts', 'one\n', 'ONE\n'],
      ['search-replace', 'src/a.ts', 'two\n', ''],
      ['search-replace', 'src/b.py', '', 'print("new")\n'],
    ]);
  });

  it('takes a path written inside the fence, and the previous block’s path when none is named', () => {
    const answer = [
      `${fence}python`,
      'app/main.py',
      '<<<<<<< SEARCH',
      'a',
      '=======',
      'b',
      '>>>>>>> REPLACE',
      fence,
      `${fence}python`,
      '<<<<<<< SEARCH',
      'c',
      '=======',
      'd',
      '>>>>>>> REPLACE',
      fence,
    ].join('\n');
    expect(parseAnswer(answer).edits.map((edit) => edit.path)).toEqual([
      'app/main.py',
      'app/main.py',
    ]);
  });

  it('reports a block without an end marker and a block without a path', () => {
    const parsed = parseAnswer(
      '<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n\nsrc/a.ts\n<<<<<<< SEARCH\nx\n',
    );
    expect(parsed.edits).toEqual([]);
    expect(parsed.problems.map((problem) => [problem.code, problem.line])).toEqual([
      ['NO_PATH', 1],
      ['UNTERMINATED_BLOCK', 8],
    ]);
  });
});

describe('parseAnswer: unified diffs', () => {
  const diff = [
    'diff --git a/src/a.ts b/src/a.ts',
    'index 1111111..2222222 100644',
    '--- a/src/a.ts',
    '+++ b/src/a.ts',
    '@@ -1,3 +1,3 @@ function a() {',
    ' one',
    '-two',
    '+TWO',
    ' three',
    '@@ -10,2 +10,3 @@',
    ' ten',
    '+ten and a half',
    ' eleven',
    '\\ No newline at end of file',
  ];

  it('reads a git diff outside a fence and stops where the prose starts', () => {
    const parsed = parseAnswer(
      ['Apply this:', '', ...diff, 'That is all.', '- not a removal'].join('\n'),
    );
    expect(summary(parsed.edits)).toEqual([['unified-diff', 'src/a.ts', 'src/a.ts', 2]]);
    const edit = parsed.edits[0];
    if (edit?.kind !== 'unified-diff') throw new Error('expected a diff');
    expect(edit.hunks[1]).toEqual({
      oldStart: 10,
      newStart: 10,
      lines: [
        { op: ' ', text: 'ten', noNewline: false },
        { op: '+', text: 'ten and a half', noNewline: false },
        { op: ' ', text: 'eleven', noNewline: true },
      ],
    });
  });

  it('reads a fenced diff with new, deleted and renamed files, and quoted names', () => {
    const answer = [
      `${fence}diff`,
      '--- /dev/null',
      '+++ b/src/new.ts',
      '@@ -0,0 +1 @@',
      '+hello',
      '--- a/src/gone.ts',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      'diff --git a/src/from.ts b/src/to.ts',
      'similarity index 100%',
      'rename from src/from.ts',
      'rename to src/to.ts',
      'diff --git "a/src/caf\\303\\251.ts" "b/src/caf\\303\\251.ts"',
      '--- "a/src/caf\\303\\251.ts"',
      '+++ "b/src/caf\\303\\251.ts"',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      fence,
    ].join('\n');
    expect(summary(parseAnswer(answer).edits)).toEqual([
      ['unified-diff', null, 'src/new.ts', 1],
      ['unified-diff', 'src/gone.ts', null, 1],
      ['unified-diff', 'src/from.ts', 'src/to.ts', 0],
      ['unified-diff', 'src/café.ts', 'src/café.ts', 1],
    ]);
  });

  it('keeps a fenced hunk whole when the model miscounted its lines', () => {
    const answer = [
      `${fence}diff`,
      '--- a/x.ts',
      '+++ b/x.ts',
      '@@ -1,2 +1,2 @@',
      ' a',
      '-b',
      '+B',
      ' c',
      ' d',
      '',
      fence,
    ].join('\n');
    const edit = parseAnswer(answer).edits[0];
    expect(
      edit?.kind === 'unified-diff' && edit.hunks[0]?.lines.map((line) => line.op + line.text),
    ).toEqual([' a', '-b', '+B', ' c', ' d']);
  });

  it('gives hunks without file headers to the path above the fence', () => {
    const answer = `src/a.ts\n${fence}diff\n@@ ... @@\n-a\n+b\n${fence}`;
    expect(parseAnswer(answer).edits).toMatchObject([
      {
        kind: 'unified-diff',
        oldPath: 'src/a.ts',
        newPath: 'src/a.ts',
        hunks: [{ oldStart: null }],
      },
    ]);
  });

  it('marks binary patches', () => {
    const answer =
      'diff --git a/logo.png b/logo.png\nindex 1..2 100644\nBinary files a/logo.png and b/logo.png differ\n';
    expect(parseAnswer(answer).edits).toMatchObject([
      { kind: 'unified-diff', path: 'logo.png', binary: true },
    ]);
  });
});
