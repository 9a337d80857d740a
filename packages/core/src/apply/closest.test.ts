import { describe, expect, it } from 'vitest';
import { followUpRequest, markedWords, parseAnswer, planApply } from '.';
import { fence, searchReplace } from './test-answers';

const readme = [
  '# Promptloom',
  '',
  'Promptloom builds prompts from your project files.',
  'It uses the folder name as the project name unless you set one.',
  'Run `promptloom --help` to see every option.',
  '',
].join('\n');

describe('the closest region of a failed block', () => {
  it('finds a line that differs by one word, and marks the words that differ', () => {
    const files = new Map([['README.md', { text: readme }]]);
    const answer = searchReplace(
      'README.md',
      'It uses the folder name for the project name unless you set one.\n',
      'It uses the folder name as the project title.\n',
    );
    const plan = planApply(parseAnswer(answer), files);
    const [failure] = plan.files[0]!.failures;
    expect(failure?.code).toBe('SEARCH_NOT_FOUND');
    expect(failure?.closest).toMatchObject({ startLine: 4, endLine: 4 });
    expect(failure?.closest?.similarity).toBeGreaterThan(0.9);
    expect(failure?.closest?.words.filter((word) => word.kind !== 'same')).toEqual([
      { kind: 'expected', text: 'for' },
      { kind: 'found', text: 'as' },
    ]);
    expect(markedWords(failure!.closest!.words)).toBe(
      'It uses the folder name [-for-]{+as+} the project name unless you set one.',
    );
    expect(failure?.message).toBe(
      'block 1: the search text is not in README.md; the closest line is 4 (95 % alike)',
    );
    const followUp = followUpRequest(plan, files);
    expect(followUp).toContain('[-for-]{+as+} the project name');
    expect(followUp).toContain('4 | It uses the folder name as the project name');
  });

  it('finds a block whose lines all changed a little, among many near-identical ones', () => {
    const functions = Array.from({ length: 400 }, (_, k) =>
      [
        `function handler${k}(event) {`,
        `  const value = read(event, ${k});`,
        '  return value;',
        '}',
      ].join('\n'),
    );
    const text = `${functions.join('\n')}\n`;
    const search =
      'function handler271(evt) {\n  const value = read(evt, 271);\n  return value;\n}\n';
    const plan = planApply(
      parseAnswer(searchReplace('src/h.js', search, 'x\n')),
      new Map([['src/h.js', { text }]]),
    );
    const closest = plan.files[0]!.failures[0]?.closest;
    expect(closest).toMatchObject({ startLine: 271 * 4 + 1, endLine: 271 * 4 + 4 });
    expect(markedWords(closest!.words)).toBe(
      'function handler271([-evt-]{+event+}) {\n  const value = read([-evt-]{+event+}, 271);\n  return value;\n}',
    );
  });

  it('gives a failed hunk its closest region too', () => {
    const text = 'alpha\nbeta gamma\ndelta\n';
    const diff = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n alpha\n-beta gama\n+beta\n delta\n${fence}\n`;
    const plan = planApply(parseAnswer(diff), new Map([['f.txt', { text }]]));
    const failure = plan.files[0]!.failures[0];
    expect(failure?.code).toBe('HUNK_FAILED');
    expect(failure?.closest).toMatchObject({ startLine: 1, endLine: 3 });
    expect(markedWords(failure!.closest!.words)).toBe('alpha\nbeta [-gama-]{+gamma+}\ndelta');
  });

  it('names nothing when no region is near', () => {
    const plan = planApply(
      parseAnswer(searchReplace('README.md', 'completely different words here\n', 'x\n')),
      new Map([['README.md', { text: readme }]]),
    );
    expect(plan.files[0]!.failures[0]).toMatchObject({ code: 'SEARCH_NOT_FOUND' });
    expect(plan.files[0]!.failures[0]?.closest).toBeUndefined();
  });
});

describe('closest regions stay affordable', () => {
  it('marks the words of a long block that misses by a word on every line, line by line', () => {
    const text = Array.from({ length: 3_000 }, (_, k) => `record number ${k} holds ${k * 7}\n`);
    const search = Array.from(
      { length: 400 },
      (_, j) => `record numbr ${j + 100} holds ${(j + 100) * 7}\n`,
    );
    const plan = planApply(
      parseAnswer(searchReplace('data.txt', search.join(''), 'x\n')),
      new Map([['data.txt', { text: text.join('') }]]),
    );
    const closest = plan.files[0]!.failures[0]?.closest;
    expect(closest).toMatchObject({ startLine: 101, endLine: 500 });
    expect(markedWords(closest!.words, 2)).toBe(
      'record [-numbr-]{+number+} 100 holds 700\nrecord [-numbr-]{+number+} 101 holds 707\n…',
    );
  });

  it('gives closest regions to the first long failed blocks of an answer only', () => {
    const text = Array.from({ length: 20_000 }, (_, k) => `record number ${k} holds ${k * 7}\n`);
    const blocks = Array.from({ length: 40 }, (_, b) =>
      searchReplace(
        'data.txt',
        Array.from(
          { length: 400 },
          (_, j) => `record numbr ${b * 450 + j} holds ${(b * 450 + j) * 7}\n`,
        ).join(''),
        'x\n',
      ),
    );
    const plan = planApply(
      parseAnswer(blocks.join('\n')),
      new Map([['data.txt', { text: text.join('') }]]),
    );
    const failures = plan.files[0]!.failures;
    expect(failures).toHaveLength(40);
    expect(failures[0]?.closest).toBeDefined();
    expect(failures.filter((failure) => failure.closest).length).toBe(10);
  });
});
