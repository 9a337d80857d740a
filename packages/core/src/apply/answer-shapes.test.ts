import { describe, expect, it } from 'vitest';
import { isElisionMarker, parseAnswer, planApply } from '.';

describe('where real answers put the file of a search/replace block', () => {
  it('looks past a <source>lang line, the fence Aider asks some models for', () => {
    const answer = [
      "Here's the *SEARCH/REPLACE* block:",
      '',
      'aider/commands.py',
      '<source>python',
      '<<<<<<< SEARCH',
      '    def cmd_a(self):',
      '=======',
      '    def cmd_b(self):',
      '>>>>>>> REPLACE',
      '</source>',
      '',
    ].join('\n');
    const parsed = parseAnswer(answer);
    expect(parsed.problems).toEqual([]);
    expect(parsed.edits).toMatchObject([
      { kind: 'search-replace', path: 'aider/commands.py', search: '    def cmd_a(self):\n' },
    ]);
  });
});

describe('comments that are code, not code left out', () => {
  it('writes a comment saying how the code differs from what is above', () => {
    const line = '    # same as above, but with client context preservation';
    expect(isElisionMarker(line)).toBe(false);
    const answer = `tests/t.py\n\`\`\`python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 1\n${line}\ny = 2\n>>>>>>> REPLACE\n\`\`\`\n`;
    const plan = planApply(parseAnswer(answer), new Map([['tests/t.py', { text: 'x = 1\n' }]]));
    expect(plan.files[0]).toMatchObject({ status: 'modified', failures: [] });
  });

  it('writes a comment that goes on from the one above it after an ellipsis', () => {
    const line = '# ... and so the offline lookup can not resolve them';
    expect(isElisionMarker(line)).toBe(false);
    expect(isElisionMarker('  # ... while a genuine cycle through a dotted name is detected')).toBe(
      false,
    );
    const file = 'a=1\n# cached builds are invisible\nb=2\n';
    const diff = [
      '--- a/t.sh',
      '+++ b/t.sh',
      '@@ -1,3 +1,5 @@',
      ' a=1',
      ' # cached builds are invisible',
      '+# ... and so the offline lookup can not resolve them',
      '+try lookup',
      ' b=2',
      '',
    ].join('\n');
    const plan = planApply(
      parseAnswer(`\`\`\`diff\n${diff}\`\`\`\n`),
      new Map([['t.sh', { text: file }]]),
    );
    expect(plan.files[0]).toMatchObject({ status: 'modified', failures: [] });
  });

  it('still takes an ellipsis with words for code left out', () => {
    for (const marker of [
      '// ... and the rest of the file stays as it was',
      '# ... and so on for the other handlers below',
      '// ... and then the existing methods of the class',
      '// ... and more',
      '# ... while loop body',
    ])
      expect(isElisionMarker(marker), marker).toBe(true);
  });

  it('still takes the bare phrase for code left out', () => {
    expect(isElisionMarker('    # same as above')).toBe(true);
    expect(isElisionMarker('// ... rest of the file unchanged')).toBe(true);
  });
});

describe('the search/replace markers of other tools', () => {
  const file = 'def a():\n    return 1\n\ndef b():\n    return 2\n';
  const plan = (answer: string) =>
    planApply(parseAnswer(answer), new Map([['m.py', { text: file }]])).files[0];

  it('reads Cline’s ------- SEARCH and +++++++ REPLACE lines', () => {
    const answer = [
      'm.py',
      '```python',
      '------- SEARCH',
      '    return 1',
      '=======',
      '    return 10',
      '+++++++ REPLACE',
      '------- SEARCH',
      '    return 2',
      '=======',
      '    return 20',
      '+++++++ REPLACE',
      '```',
      '',
    ].join('\n');
    const planned = plan(answer);
    expect(planned?.failures).toEqual([]);
    expect(planned?.after).toBe(file.replace('1', '10').replace('2', '20'));
  });

  it('drops the :start_line: hint and its line of - under Roo Code’s SEARCH marker', () => {
    const answer = [
      'm.py',
      '```python',
      '<<<<<<< SEARCH',
      ':start_line:5',
      '-------',
      '    return 2',
      '=======',
      '    return 20',
      '>>>>>>> REPLACE',
      '```',
      '',
    ].join('\n');
    const parsed = parseAnswer(answer);
    expect(parsed.edits).toMatchObject([{ search: '    return 2\n' }]);
    expect(plan(answer)?.after).toBe(file.replace('2', '20'));
  });

  it('takes the <path> of their tool calls above the <diff> that holds the blocks', () => {
    const cline = [
      '<replace_in_file>',
      '<path>m.py</path>',
      '<diff>',
      '------- SEARCH',
      '    return 1',
      '=======',
      '    return 10',
      '+++++++ REPLACE',
      '</diff>',
      '</replace_in_file>',
      '',
    ].join('\n');
    expect(parseAnswer(cline).problems).toEqual([]);
    expect(plan(cline)?.after).toBe(file.replace('1', '10'));
  });

  it('reads Roo Code’s apply_diff whose blocks are wrapped in a CDATA section', () => {
    const single = [
      '<apply_diff>',
      '<path>m.py</path>',
      '<diff>',
      '<![CDATA[',
      '<<<<<<< SEARCH',
      ':start_line:2',
      '-------',
      '    return 1',
      '=======',
      '    return 10',
      '>>>>>>> REPLACE',
      ']]>',
      '</diff>',
      '</apply_diff>',
      '',
    ].join('\n');
    const files = [
      '<apply_diff>',
      '<args>',
      '<file>',
      '  <path>m.py</path>',
      '  <diff>',
      '    <content><![CDATA[',
      '<<<<<<< SEARCH',
      '    return 2',
      '=======',
      '    return 20',
      '>>>>>>> REPLACE',
      ']]></content>',
      '  </diff>',
      '</file>',
      '</args>',
      '</apply_diff>',
      '',
    ].join('\n');
    const inline = [
      '<apply_diff>',
      '<path>m.py</path>',
      '<diff>',
      '<![CDATA[<<<<<<< SEARCH',
      '    return 1',
      '=======',
      '    return 10',
      '>>>>>>> REPLACE]]></diff>',
      '</apply_diff>',
      '',
    ].join('\n');
    for (const answer of [single, files, inline]) expect(parseAnswer(answer).problems).toEqual([]);
    expect(plan(single)?.after).toBe(file.replace('1', '10'));
    expect(plan(files)?.after).toBe(file.replace('2', '20'));
    expect(plan(inline)?.after).toBe(file.replace('1', '10'));
  });

  it('keeps the text inside the CDATA wrapper byte for byte, its own CDATA lines too', () => {
    const xml = '<a>\n  <![CDATA[\n  x &amp; y\n  ]]>\n</a>\n';
    const answer = [
      '<apply_diff>',
      '<path>a.xml</path>',
      '<diff><![CDATA[',
      '<<<<<<< SEARCH',
      '  <![CDATA[',
      '  x &amp; y',
      '=======',
      '  <![CDATA[',
      '  x &lt; y\t',
      '>>>>>>> REPLACE',
      ']]></diff>',
      '</apply_diff>',
      '',
    ].join('\n');
    const parsed = parseAnswer(answer);
    expect(parsed.edits).toMatchObject([
      {
        path: 'a.xml',
        search: '  <![CDATA[\n  x &amp; y\n',
        replace: '  <![CDATA[\n  x &lt; y\t\n',
      },
    ]);
    const planned = planApply(parsed, new Map([['a.xml', { text: xml }]])).files[0];
    expect(planned?.after).toBe('<a>\n  <![CDATA[\n  x &lt; y\t\n  ]]>\n</a>\n');
  });

  it('keeps a line of - that no line hint comes before', () => {
    const answer = [
      'm.md',
      '```',
      '<<<<<<< SEARCH',
      '-------',
      'x',
      '=======',
      'y',
      '>>>>>>> REPLACE',
      '```',
      '',
    ];
    expect(parseAnswer(answer.join('\n')).edits).toMatchObject([{ search: '-------\nx\n' }]);
  });
});

describe('the path of a search/replace block with spaces in its names', () => {
  const created = (nameLine: string) => {
    const answer = `${nameLine}\n\`\`\`\n<<<<<<< SEARCH\n=======\n#!/bin/sh\n>>>>>>> REPLACE\n\`\`\`\n`;
    const plan = planApply(parseAnswer(answer), new Map([['a.sh', { text: 'x\n' }]]));
    return plan.files.filter((f) => f.status === 'new').map((f) => f.path);
  };

  it('reads it undelimited, alone or under a heading, as Aider asks models to write it', () => {
    expect(created('test/fast/Unit tests/assert_ok')).toEqual(['test/fast/Unit tests/assert_ok']);
    expect(created('### test/Unit tests/make_echo.sh')).toEqual(['test/Unit tests/make_echo.sh']);
  });

  it('still takes no line of prose for one', () => {
    for (const prose of [
      'Update src/a.sh',
      'src/a.sh and src/b.sh',
      'src/new, then src/other',
      'docs/ and tests',
      'src/the  new/file',
    ])
      expect(created(prose), prose).toEqual([]);
  });

  it('takes it only above search/replace blocks, not above a whole file', () => {
    const answer = 'test/Unit tests/new_case\n```\n#!/bin/sh\n```\n';
    expect(parseAnswer(answer).edits).toEqual([]);
  });
});
