import { describe, expect, it } from 'vitest';
import { parseAnswer, planApply } from '.';
import { fence } from './test-answers';

/** One file's search/replace blocks under its name, in a fence. */
const blocks = (path: string, ...sides: [string[], string[]][]) =>
  [
    path,
    fence,
    ...sides.flatMap(([search, replace]) => [
      '<<<<<<< SEARCH',
      ...search,
      '=======',
      ...replace,
      '>>>>>>> REPLACE',
    ]),
    fence,
    '',
  ].join('\n');

function plan(answer: string, files: Record<string, string>) {
  const parsed = parseAnswer(answer);
  const map = new Map(Object.entries(files).map(([path, text]) => [path, { text }]));
  const planned = planApply(parsed, map);
  const failures = [...planned.failures, ...planned.files.flatMap((f) => f.failures)];
  return { parsed, planned, failures: failures.map((f) => f.code) };
}

/** Plans `answer` on one file and expects it to apply with no failure, giving `after`. */
function expectApplied(answer: string, path: string, text: string, after: string) {
  const { planned, failures } = plan(answer, { [path]: text });
  expect(failures).toEqual([]);
  expect(planned.files[0]?.after).toBe(after);
}

/** Plans `answer` on one file and expects it refused with `code`, the file left as it is. */
function expectRefused(answer: string, path: string, text: string, code: string) {
  const { planned, failures } = plan(answer, { [path]: text });
  expect(failures).toEqual([code]);
  expect(planned.files[0]).toMatchObject({ status: 'failed', after: text });
}

const changelog = ['Changes', '=========', '', '1.1', '---', '- a fix', ''].join('\n');

describe('lines of = inside a search/replace block', () => {
  it('takes the one line of exactly seven = as the divider, a heading underline being text', () => {
    const answer = blocks('CHANGES.md', [
      ['Changes', '=========', '', '1.1'],
      ['Changes', '=========', '', '1.2', '---', '- a feature', '', '1.1'],
    ]);
    expectApplied(
      answer,
      'CHANGES.md',
      changelog,
      [
        'Changes',
        '=========',
        '',
        '1.2',
        '---',
        '- a feature',
        '',
        '1.1',
        '---',
        '- a fix',
        '',
      ].join('\n'),
    );
  });

  it('refuses a block whose lines of seven = leave the divider uncertain, writing nothing', () => {
    const answer = [
      'notes.rst',
      fence,
      '<<<<<<< SEARCH',
      'Install',
      '=======',
      'pip install x',
      '=======',
      'Install',
      '=======',
      'pip install y',
      '>>>>>>> REPLACE',
      fence,
      '',
    ].join('\n');
    const { parsed, planned, failures } = plan(answer, {
      'notes.rst': 'Install\n=======\npip install x\n',
    });
    expect(parsed.edits).toEqual([]);
    expect(parsed.problems.map((p) => p.code)).toEqual(['DIVIDER_AMBIGUOUS']);
    expect(failures).toEqual(['DIVIDER_AMBIGUOUS']);
    expect(planned.files).toEqual([]);
  });

  it('drops a divider written again just before the REPLACE marker', () => {
    const answer = [
      'a.py',
      fence,
      '<<<<<<< SEARCH',
      'x = 1',
      '=======',
      'x = 2',
      '=======',
      '',
      '>>>>>>> REPLACE',
      fence,
      '',
    ].join('\n');
    expectApplied(answer, 'a.py', 'x = 1\n', 'x = 2\n');
  });

  it('does not read the next block into one that was never closed', () => {
    const answer = [
      'a.py',
      fence,
      '<<<<<<< SEARCH',
      'x = 1',
      '=======',
      'x = 2',
      '<<<<<<< SEARCH',
      'y = 1',
      '=======',
      'y = 2',
      '>>>>>>> REPLACE',
      fence,
      '',
    ].join('\n');
    const { parsed, planned } = plan(answer, { 'a.py': 'x = 1\ny = 1\n' });
    expect(parsed.problems.map((p) => p.code)).toEqual(['UNTERMINATED_BLOCK']);
    expect(parsed.edits).toMatchObject([{ search: 'y = 1\n', replace: 'y = 2\n' }]);
    expect(planned.files[0]?.after).toBe('x = 1\ny = 2\n');
  });
});

describe('a block that changes only white space', () => {
  const source = 'def f():\n    if x:\n        y()\n    return 1\n';

  it.each([
    [
      'dedents',
      ['    if x:', '        y()'],
      ['if x:', '    y()'],
      'def f():\nif x:\n    y()\n    return 1\n',
    ],
    [
      'indents',
      ['    return 1'],
      ['        return 1'],
      'def f():\n    if x:\n        y()\n        return 1\n',
    ],
    [
      'turns spaces into a tab',
      ['        y()'],
      ['\ty()'],
      'def f():\n    if x:\n\ty()\n    return 1\n',
    ],
  ])('%s, and is not taken for already applied', (_, search, replace, after) => {
    const { planned, failures } = plan(blocks('f.py', [search, replace]), { 'f.py': source });
    expect(failures).toEqual([]);
    expect(planned.files[0]).toMatchObject({ status: 'modified', alreadyApplied: 0, after });
    // Sent again on what it wrote, it is already applied.
    const again = plan(blocks('f.py', [search, replace]), { 'f.py': after });
    expect(again.planned.files[0]).toMatchObject({ status: 'unchanged', alreadyApplied: 1 });
  });

  it('drops trailing spaces', () => {
    const { planned } = plan(blocks('a.txt', [['x = 1  '], ['x = 1']]), { 'a.txt': 'x = 1  \n' });
    expect(planned.files[0]).toMatchObject({ status: 'modified', after: 'x = 1\n' });
  });

  it('is refused when its search text is there twice, not skipped', () => {
    const text = 'a\n  }\nb\n  }\n';
    expectRefused(blocks('a.c', [['  }'], ['}']]), 'a.c', text, 'SEARCH_AMBIGUOUS');
  });
});

describe('a block sent again, or not', () => {
  it('is not already applied where its replacement is there only ignoring white space', () => {
    // Its search text is found as written; the copy ignoring trailing spaces is its own line
    // and the next one.
    const { planned } = plan(blocks('a.c', [['} '], ['} ', '} ']]), { 'a.c': 'x\n} \n}\n' });
    expect(planned.files[0]).toMatchObject({ status: 'modified', after: 'x\n} \n} \n}\n' });
  });

  it('is already applied where its replacement is there as written', () => {
    const { planned } = plan(blocks('a.c', [['} '], ['} ', '} ']]), { 'a.c': 'x\n} \n} \n' });
    expect(planned.files[0]).toMatchObject({ status: 'unchanged', alreadyApplied: 1 });
  });
});

describe('a search text found ignoring white space', () => {
  it('keeps the trailing spaces of the lines the block only names', () => {
    const text = 'a = 1  \nb = 2\nc = 3 \n';
    const answer = blocks('a.py', [
      ['a = 1', 'b = 2', 'c = 3'],
      ['a = 1', 'b = 20', 'c = 3'],
    ]);
    const { planned } = plan(answer, { 'a.py': text });
    expect(planned.files[0]?.after).toBe('a = 1  \nb = 20\nc = 3 \n');
  });

  it('keeps those lines as the file has them when the block is indented otherwise', () => {
    const text = 'class A:\n    def f(self):  \n        return 1\n';
    const answer = blocks('a.py', [
      ['def f(self):', '    return 1'],
      ['def f(self):', '    return 2'],
    ]);
    const { planned } = plan(answer, { 'a.py': text });
    expect(planned.files[0]?.after).toBe('class A:\n    def f(self):  \n        return 2\n');
  });
});

describe('a search text with blank lines at its ends the file does not have there', () => {
  const text = 'def f():\n    a = 1\n    return a\n\ndef g():\n    pass\n';

  it('is found without them, and the replacement loses the ones it shares', () => {
    const answer = blocks('a.py', [
      ['', '    a = 1', '    return a', ''],
      ['', '    a = 2', '    return a', ''],
    ]);
    expectApplied(answer, 'a.py', text, text.replace('a = 1', 'a = 2'));
  });

  it('is found without a blank line only the search has, indented otherwise', () => {
    const answer = blocks('a.py', [
      ['', 'a = 1', 'return a'],
      ['a = 3', 'return a'],
    ]);
    expectApplied(answer, 'a.py', text, text.replace('a = 1', 'a = 3'));
  });

  it('keeps its blank lines where the file has them, and is refused where found twice', () => {
    const kept = blocks('a.py', [
      ['    return a', '', 'def g():'],
      ['    return a', '', '', 'def g():'],
    ]);
    expect(plan(kept, { 'a.py': text }).planned.files[0]?.after).toBe(
      text.replace('\n\ndef g', '\n\n\ndef g'),
    );
    const twice = `${text}${text.replace('def f', 'def h').replace('def g', 'def k')}`;
    const answer = blocks('a.py', [
      ['', '    a = 1', ''],
      ['', '    a = 2', ''],
    ]);
    expectRefused(answer, 'a.py', twice, 'SEARCH_AMBIGUOUS');
  });
});

describe('a search text whose blank edge lines the block removes', () => {
  it('drops the fewest: the one blank line the file has there is the one removed', () => {
    const text = 'a = 1\n\nb = 2\nc = 3\n';
    const answer = blocks('a.py', [['', '', 'b = 2'], ['b = 20']]);
    expectApplied(answer, 'a.py', text, 'a = 1\nb = 20\nc = 3\n');
  });

  it('is ambiguous where two ways of dropping as few find it in two places', () => {
    const text = 'x\nb = 2\n\ny\n\nb = 2\nz\n';
    const answer = blocks('a.py', [['', 'b = 2', ''], ['b = 20']]);
    expectRefused(answer, 'a.py', text, 'SEARCH_AMBIGUOUS');
  });
});

describe('a search text indented with spaces where the file has tabs', () => {
  const go = 'func f() {\n\tif x {\n\t\treturn 1\n\t}\n\treturn 0\n}\n';

  it('is found at the tab width that makes every line as wide, the replacement in tabs', () => {
    const answer = blocks('f.go', [
      ['    if x {', '        return 1', '    }'],
      ['    if x {', '        log()', '        return 2', '    }'],
    ]);
    expectApplied(answer, 'f.go', go, go.replace('\t\treturn 1', '\t\tlog()\n\t\treturn 2'));
  });

  it('writes spaces where the file has them and the block tabs', () => {
    const py = 'def f():\n    if x:\n        return 1\n    return 0\n';
    const answer = blocks('f.py', [
      ['\tif x:', '\t\treturn 1'],
      ['\tif x:', '\t\treturn 2'],
    ]);
    expect(plan(answer, { 'f.py': py }).planned.files[0]?.after).toBe(
      py.replace('return 1', 'return 2'),
    );
  });

  it('is refused where no one tab width fits, a new line falls between tabs, or found twice', () => {
    const mixed = blocks('f.go', [
      ['    if x {', '      return 1'],
      ['    if x {', '      return 2'],
    ]);
    expect(plan(mixed, { 'f.go': go }).failures).toEqual(['SEARCH_NOT_FOUND']);
    const between = blocks('f.go', [
      ['    if x {', '        return 1'],
      ['    if x {', '          return 2'],
    ]);
    expect(plan(between, { 'f.go': go }).failures).toEqual(['SEARCH_NOT_FOUND']);
    const twice = `${go}${go.replace('func f', 'func g')}`;
    const answer = blocks('f.go', [
      ['    if x {', '        return 1'],
      ['    if x {', '        return 2'],
    ]);
    expectRefused(answer, 'f.go', twice, 'SEARCH_AMBIGUOUS');
  });
});

describe('a block indented with spaces found behind the file’s tabs', () => {
  it('writes its further-indented new lines with tabs, at the width its shift makes', () => {
    const go = 'func f() {\n\tif x {\n\t\tdefer a()\n\t\tb()\n\t}\n}\n';
    const answer = blocks('f.go', [
      ['        defer a()', '        b()'],
      ['        defer a()', '        if y {', '            b()', '        }'],
    ]);
    expectApplied(answer, 'f.go', go, go.replace('\t\tb()\n', '\t\tif y {\n\t\t\tb()\n\t\t}\n'));
  });

  it('is refused where no width says how many tabs its spaces make', () => {
    const go = 'func f() {\n\tif x {\n\t\tb()\n\t}\n}\n';
    const answer = blocks('f.go', [['b()'], ['if y {', '    b()', '}']]);
    expectRefused(answer, 'f.go', go, 'SEARCH_NOT_FOUND');
  });
});

describe('a block shifted as a whole in front of a tabbed file’s comment', () => {
  const js = 'class P {\n\t/**\n\t * The pages.\n\t */\n\tpages = [];\n}\n';
  const meant = js.replace(' * The pages.\n', ' * The pages.\n\t * @deprecated\n');

  it('writes a new line indented as the comment’s lines behind the file’s tabs', () => {
    for (const shift of ['  ', '\t', '']) {
      const search = [' * The pages.', ' */', 'pages = [];'].map((l) => `${shift}\t${l}`);
      const replace = [search[0]!, `${shift}\t * @deprecated`, ...search.slice(1)];
      const { planned, failures } = plan(blocks('p.js', [search, replace]), { 'p.js': js });
      expect(failures, JSON.stringify(shift)).toEqual([]);
      expect(planned.files[0]?.after).toBe(meant);
    }
  });

  it('still refuses a new line whose spaces no search line has and no tab width makes', () => {
    const search = ['\t\tpages = [];'];
    const replace = [search[0]!, '\t\t x'];
    expectRefused(blocks('p.js', [search, replace]), 'p.js', js, 'SEARCH_NOT_FOUND');
  });
});

describe('a block whose tabs were written as spaces, in a file that mixes them', () => {
  it('keeps the lines the file indents with spaces as the file has them', () => {
    const go = 'type t struct {\n\tfn func()\n}\n\nvar s = `Usage:\n  {{.Use}}\n`\n';
    const answer = blocks('t.go', [
      ['    fn func()', '}', '', 'var s = `Usage:', '  {{.Use}}'],
      ['    fn func()', '    gn func()', '}', '', 'const s = `Usage:', '  {{.Use}}'],
    ]);
    expectApplied(
      answer,
      't.go',
      go,
      go.replace('\tfn func()\n', '\tfn func()\n\tgn func()\n').replace('var s', 'const s'),
    );
  });
});

describe('a search text with many blank lines at an end', () => {
  it('drops the one a model added before the blank lines the file has', () => {
    const text = '.a { }\n\n\n\n/**\n * Grid\n */\n.b { }\n';
    const answer = blocks('a.scss', [
      ['', '', '', '', '/**', ' * Grid', ' */'],
      ['', '', '', '', '/**', ' * Tasks', ' */'],
    ]);
    expectApplied(answer, 'a.scss', text, text.replace('Grid', 'Tasks'));
  });
});
