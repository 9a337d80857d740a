import { describe, expect, it } from 'vitest';
import { parseAnswer } from '.';

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
