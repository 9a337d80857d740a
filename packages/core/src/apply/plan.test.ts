import { describe, expect, it } from 'vitest';
import { checkApplyPath, followUpRequest, parseAnswer, planApply, touchedPaths } from '.';
import { fence, planAnswer, searchReplace } from './test-answers';

const only = (result: ReturnType<typeof planAnswer>) => {
  expect(result.files).toHaveLength(1);
  return result.files[0]!;
};

describe('search/replace matching', () => {
  const source = 'function f() {\n  const a = 1;\n  return a;\n}\n';

  it('matches exactly and reports the line counts', () => {
    const file = only(
      planAnswer(searchReplace('src/f.ts', '  return a;\n', '  return a + 1;\n'), {
        'src/f.ts': source,
      }),
    );
    expect(file).toMatchObject({
      status: 'modified',
      format: 'search-replace',
      added: 1,
      removed: 1,
      failures: [],
    });
    expect(file.after).toBe('function f() {\n  const a = 1;\n  return a + 1;\n}\n');
  });

  it('ignores trailing spaces, then a uniform indentation shift (either way)', () => {
    const trailing = only(
      planAnswer(searchReplace('f.ts', '  return a;   \n', '  return b;\n'), { 'f.ts': source }),
    );
    expect(trailing.after).toBe(source.replace('return a;', 'return b;'));
    const outdented = only(
      planAnswer(
        searchReplace(
          'f.ts',
          'const a = 1;\nreturn a;\n',
          'const a = 2;\nif (a) {\n  return a;\n}\n',
        ),
        {
          'f.ts': source,
        },
      ),
    );
    expect(outdented.after).toBe(
      'function f() {\n  const a = 2;\n  if (a) {\n    return a;\n  }\n}\n',
    );
    const indented = only(
      planAnswer(searchReplace('f.ts', '      return a;\n', '      return 0;\n'), {
        'f.ts': source,
      }),
    );
    expect(indented.after).toBe(source.replace('return a;', 'return 0;'));
  });

  it('refuses a text found twice, naming the lines, instead of guessing', () => {
    const twice = 'a();\nx = 1;\nb();\nx = 1;\n';
    const file = only(planAnswer(searchReplace('t.js', 'x = 1;\n', 'x = 2;\n'), { 't.js': twice }));
    expect(file).toMatchObject({ status: 'failed', after: twice, added: 0, removed: 0 });
    expect(file.failures).toMatchObject([
      { code: 'SEARCH_AMBIGUOUS', params: { count: 2, lines: '2, 4', block: 1 } },
    ]);
    expect(file.failures[0]?.message).toBe(
      'block 1: the search text is in t.js 2 times (lines 2, 4); add lines around it so that it is found once',
    );
  });

  it('refuses a text found nowhere, with the closest lines', () => {
    const lines = Array.from({ length: 60 }, (_, k) => `line ${k + 1};`);
    const text = `${lines.join('\n')}\n`;
    const search = 'line 40;\nline 41 changed;\nline 42;\n';
    const file = only(planAnswer(searchReplace('src/a.ts', search, 'x\n'), { 'src/a.ts': text }));
    expect(file.failures[0]).toMatchObject({
      code: 'SEARCH_NOT_FOUND',
      closest: { startLine: 40, endLine: 42, text: 'line 40;\nline 41;\nline 42;' },
    });
    expect(file.failures[0]?.message).toBe(
      'block 1: the search text is not in src/a.ts; the closest lines are 40–42 (86 % alike)',
    );
  });

  it('applies several blocks of one file in order, each on the result of the one before', () => {
    const answer =
      searchReplace('a.txt', 'one\n', 'uno\n') + searchReplace('a.txt', 'uno\ntwo\n', 'uno\ndos\n');
    expect(only(planAnswer(answer, { 'a.txt': 'one\ntwo\nthree\n' })).after).toBe(
      'uno\ndos\nthree\n',
    );
  });

  it('leaves a file with any failed block as it is, while other files apply', () => {
    const answer =
      searchReplace('a.txt', 'one\n', '1\n') +
      searchReplace('a.txt', 'missing\n', 'x\n') +
      searchReplace('b.txt', 'b\n', 'B\n');
    const result = planAnswer(answer, { 'a.txt': 'one\n', 'b.txt': 'b\n' });
    expect(result.files.map((file) => [file.path, file.status, file.after])).toEqual([
      ['a.txt', 'failed', 'one\n'],
      ['b.txt', 'modified', 'B\n'],
    ]);
    expect(result.files[0]?.failures.map((failure) => failure.blockIndex)).toEqual([1]);
  });

  it('creates a file from an empty SEARCH, but refuses one over an existing file', () => {
    expect(
      only(planAnswer(searchReplace('new.ts', '', 'hello\n'), { 'new.ts': null })),
    ).toMatchObject({
      status: 'new',
      before: null,
      after: 'hello\n',
    });
    expect(
      only(planAnswer(searchReplace('a.ts', '', 'hello\n'), { 'a.ts': 'x\n' })).failures,
    ).toMatchObject([{ code: 'FILE_EXISTS' }]);
    expect(
      only(planAnswer(searchReplace('gone.ts', 'a\n', 'b\n'), { 'gone.ts': null })).failures,
    ).toMatchObject([{ code: 'FILE_MISSING' }]);
  });
});

describe('a search of white space only', () => {
  const file = 'int f() {\n\treturn 0;\n            \n}\n\nint g();\n';

  it('edits the one line of spaces it copies from the file, as written', () => {
    const result = only(
      planAnswer(searchReplace('f.c', '            \n', '\tf();\n'), { 'f.c': file }),
    );
    expect(result).toMatchObject({ status: 'modified', failures: [] });
    expect(result.after).toBe(file.replace('            \n', '\tf();\n'));
  });

  it('still refuses blank lines, spaces found twice or nowhere, as a new file over one', () => {
    for (const search of ['\n', '\n\n', '  \n', '            \n']) {
      const twice = `${file}            \n`;
      const result = only(planAnswer(searchReplace('f.c', search, 'x;\n'), { 'f.c': twice }));
      expect(result.failures).toMatchObject([{ code: 'FILE_EXISTS' }]);
      expect(result.after).toBe(twice);
    }
  });
});

describe('elided code', () => {
  it.each([
    ['// ... existing code ...'],
    ['# ...'],
    ['/* ... */'],
    ['<!-- ... -->'],
    ['// rest of the file unchanged'],
  ])('refuses a block that leaves code out with %s', (marker) => {
    const file = only(
      planAnswer(searchReplace('a.ts', 'a\n', `${marker}\nb\n`), { 'a.ts': 'a\nc\n' }),
    );
    expect(file.failures).toMatchObject([{ code: 'ELIDED_CODE', params: { marker } }]);
    const whole = only(
      planAnswer(`a.ts\n${fence}\nb\n${marker}\n${fence}\n`, { 'a.ts': 'a\nc\n' }),
    );
    expect(whole).toMatchObject({ status: 'failed', failures: [{ code: 'ELIDED_CODE' }] });
  });

  it('quotes a long marker line by its start only', () => {
    const marker = `// ${'... '.repeat(40_000)}`;
    const file = only(planAnswer(`a.ts\n${fence}\nb\n${marker}\n${fence}\n`, { 'a.ts': 'a\nc\n' }));
    const [failure] = file.failures;
    expect(failure?.code).toBe('ELIDED_CODE');
    expect(String(failure?.params.marker)).toMatch(/^\/\/ \.\.\. .*…$/);
    expect(failure!.message.length).toBeLessThan(300);
  });

  it('accepts such a line when the file already holds it, and Python’s bare ellipsis', () => {
    const text = 'def f():\n    ...\n# ...\n';
    expect(
      only(
        planAnswer(`a.py\n${fence}\ndef f():\n    ...\n# ...\nx = 1\n${fence}\n`, { 'a.py': text }),
      ).status,
    ).toBe('modified');
  });
});

describe('bytes that must survive an edit', () => {
  it('keeps CRLF, with every format', () => {
    const crlf = 'one\r\ntwo\r\nthree\r\n';
    expect(
      only(planAnswer(searchReplace('a.txt', 'two\n', 'TWO\nmore\n'), { 'a.txt': crlf })).after,
    ).toBe('one\r\nTWO\r\nmore\r\nthree\r\n');
    expect(only(planAnswer(`a.txt\n${fence}\n1\n2\n${fence}\n`, { 'a.txt': crlf })).after).toBe(
      '1\r\n2\r\n',
    );
  });

  it('keeps the absence of a final newline, and its presence', () => {
    expect(
      only(planAnswer(searchReplace('a.txt', 'two\n', 'TWO\n'), { 'a.txt': 'one\ntwo' })).after,
    ).toBe('one\nTWO');
    expect(
      only(planAnswer(searchReplace('a.txt', 'two\n', ''), { 'a.txt': 'one\ntwo' })).after,
    ).toBe('one');
    expect(only(planAnswer(`a.txt\n${fence}\nx\n${fence}\n`, { 'a.txt': 'one' })).after).toBe('x');
    expect(only(planAnswer(`a.txt\n${fence}\nx\n${fence}\n`, { 'a.txt': 'one\n' })).after).toBe(
      'x\n',
    );
  });

  it('keeps a UTF-8 byte order mark', () => {
    const bom = '\uFEFFone\ntwo\n';
    expect(only(planAnswer(searchReplace('a.txt', 'one\n', 'ONE\n'), { 'a.txt': bom })).after).toBe(
      '\uFEFFONE\ntwo\n',
    );
    expect(only(planAnswer(`a.txt\n${fence}\nnew\n${fence}\n`, { 'a.txt': bom })).after).toBe(
      '\uFEFFnew\n',
    );
  });

  it('never edits a binary file', () => {
    const file = only(
      planAnswer(`logo.svg\n${fence}\n<svg/>\n${fence}\n`, {
        'logo.svg': { text: 'x\u0000y', binary: true },
      }),
    );
    expect(file).toMatchObject({
      status: 'failed',
      after: 'x\u0000y',
      failures: [{ code: 'BINARY' }],
    });
  });

  it('edits a path with spaces', () => {
    const file = only(
      planAnswer(searchReplace('`src/my file.ts`', 'a\n', 'b\n'), { 'src/my file.ts': 'a\n' }),
    );
    expect(file).toMatchObject({ path: 'src/my file.ts', status: 'modified', after: 'b\n' });
  });
});

describe('paths the answer may not touch', () => {
  it.each([
    ['../outside.ts', 'PATH_OUTSIDE'],
    ['src/../../x.ts', 'PATH_OUTSIDE'],
    ['/etc/passwd', 'PATH_OUTSIDE'],
    ['C:\\Windows\\x.ini', 'PATH_OUTSIDE'],
    ['..\\up.ts', 'PATH_OUTSIDE'],
    ['~/.bashrc', 'PATH_OUTSIDE'],
    ['.git/config', 'PATH_GIT'],
    ['sub/.GIT/hooks/pre-commit', 'PATH_GIT'],
  ])('refuses %s (%s), reads nothing for it and plans it as failed', (path, code) => {
    expect(checkApplyPath(path)).toMatchObject({ ok: false, reason: { code } });
    const answer = `<file path="${path}">\nx\n</file>\n`;
    const parsed = parseAnswer(answer);
    expect(touchedPaths(parsed)).toEqual([]);
    expect(planApply(parsed, new Map()).files).toMatchObject([
      { path, status: 'failed', failures: [{ code }] },
    ]);
  });

  it('normalises the paths it accepts', () => {
    expect(checkApplyPath('./src//a.ts')).toEqual({ ok: true, path: 'src/a.ts' });
    expect(checkApplyPath('src\\a.ts')).toEqual({ ok: true, path: 'src/a.ts' });
  });

  it('lists old and new sides of a rename as paths to read', () => {
    const parsed = parseAnswer('diff --git a/a.ts b/b.ts\nrename from a.ts\nrename to b.ts\n');
    expect(touchedPaths(parsed)).toEqual(['a.ts', 'b.ts']);
  });
});

describe('followUpRequest', () => {
  it('lists the failed blocks with the current text around the closest match', () => {
    const text = Array.from({ length: 20 }, (_, k) => `line ${k + 1}`).join('\n') + '\n';
    const files = new Map([
      ['a.txt', { text }],
      ['b.txt', { text: 'b\n' }],
    ]);
    const answer =
      searchReplace('a.txt', 'line 10\nline 11 typo\n', 'x\n') +
      searchReplace('b.txt', 'b\n', 'B\n');
    const result = planApply(parseAnswer(answer), files);
    const message = followUpRequest(result, files);
    expect(message).toContain('## a.txt');
    expect(message).toContain(
      '- block 1: the search text is not in a.txt; the closest lines are 10–11',
    );
    expect(message).toContain(' 7 | line 7\n');
    expect(message).toContain('14 | line 14\n```');
    expect(message).not.toContain('line 15');
    expect(message).toContain('do not send them again: b.txt');
    expect(
      followUpRequest(planApply(parseAnswer(searchReplace('b.txt', 'b\n', 'B\n')), files), files),
    ).toBe('');
  });
});
