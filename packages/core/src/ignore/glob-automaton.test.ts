import { describe, expect, it } from 'vitest';
import { compileAutomaton, tokensSource } from './glob-automaton';
import { compileGitignoreLine, wildmatchTokens } from './gitignore-rule';

/** A seeded generator, so a failure names a pattern that can be run again. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

const PIECES = [
  'a',
  'b',
  'A',
  '/',
  '*',
  '**',
  '**/',
  '/**',
  '?',
  '[ab]',
  '[!a]',
  '[[:upper:]]',
  '\\*',
];
const LETTERS = ['a', 'b', 'A', 'B', '/', '*', '\n'];

describe('the automaton against the regular expression of the same tokens', () => {
  it('gives the same answer on 40,000 random short patterns and names, in both cases', () => {
    const pick = random(41);
    let compared = 0;
    for (let i = 0; i < 4000; i++) {
      const length = 1 + pick(6);
      const pattern = Array.from({ length }, () => PIECES[pick(PIECES.length)]).join('');
      const tokens = wildmatchTokens(pattern);
      if (!tokens) continue;
      for (const flags of ['s', 'is']) {
        const regex = new RegExp(tokensSource(tokens), flags);
        const automaton = compileAutomaton(tokens, flags);
        for (let j = 0; j < 5; j++) {
          const name = Array.from({ length: pick(9) }, () => LETTERS[pick(LETTERS.length)]).join(
            '',
          );
          expect(automaton(name), `${pattern} ~ ${JSON.stringify(name)} (${flags})`).toBe(
            regex.test(name),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(30_000);
  });
});

describe('pathological lines', () => {
  const rule = (line: string, ignoreCase = false) =>
    compileGitignoreLine(line, 1, { kind: 'gitignore', dir: '' }, ignoreCase)!;

  it('answers 30 `*a` pairs against 200-character names', () => {
    const stars = rule(`${'*a'.repeat(30)}b`);
    expect(stars.test!('a'.repeat(200))).toBe(false);
    expect(stars.test!(`${'a'.repeat(199)}b`)).toBe(true);
    expect(stars.test!(`${'a'.repeat(29)}b`)).toBe(false);
    expect(stars.test!(`${'a'.repeat(30)}b`)).toBe(true);
    expect(stars.test!('ba'.repeat(100))).toBe(false);
    expect(stars.test!('ab'.repeat(100))).toBe(true);
    expect(rule(`${'*A'.repeat(30)}B`, true).test!(`${'a'.repeat(199)}b`)).toBe(true);
  });

  it('answers lines git itself takes seconds on (stars before a slash, runs of **/)', () => {
    const beforeSlash = rule(`${'a*'.repeat(30)}/b`);
    expect(beforeSlash.test!(`${'a'.repeat(200)}/c`)).toBe(false);
    expect(beforeSlash.test!(`${'a'.repeat(200)}/b`)).toBe(true);
    expect(beforeSlash.test!(`${'a'.repeat(29)}/b`)).toBe(false);
    const directories = rule(`${'**/'.repeat(30)}b`);
    expect(directories.test!(`${'a/'.repeat(99)}c`)).toBe(false);
    expect(directories.test!(`${'a/'.repeat(99)}b`)).toBe(true);
    expect(directories.test!('b')).toBe(true);
    const mixed = rule(`**/${'*a'.repeat(15)}/**/${'*a'.repeat(15)}b`);
    expect(mixed.test!(`x/${'a'.repeat(100)}/y/${'a'.repeat(96)}`)).toBe(false);
    expect(mixed.test!(`x/${'a'.repeat(100)}/y/${'a'.repeat(95)}b`)).toBe(true);
  });

  it('lets ** cross a newline in a name, as git does', () => {
    expect(rule('a/**').test!('a/x\ny')).toBe(true);
    expect(rule('**/b*c').test!('x\ny/bc')).toBe(true);
  });
});
