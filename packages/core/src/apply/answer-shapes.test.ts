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

  it('still takes the bare phrase for code left out', () => {
    expect(isElisionMarker('    # same as above')).toBe(true);
    expect(isElisionMarker('// ... rest of the file unchanged')).toBe(true);
  });
});
