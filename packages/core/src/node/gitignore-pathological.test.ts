import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IgnoreMatcher } from '../ignore/matcher';
import { checkIgnore, writeGitFixture } from './gitignore-fixture';

/**
 * Lines that made the regex translation backtrack for seconds or minutes, against long
 * names, compared with `git check-ignore`. Only lines and names git itself answers quickly
 * are here: its wildmatch is exponential too on some (thirty `a*` before a `/`, or `*a…b`
 * against `ba…ba`), and check-ignore answers nothing past about 23 folders deep; those are
 * checked without git in glob-automaton.test.ts. Correctness only: the time per match is a
 * bench row (bench/ignore-match.ts).
 */
const LINES = [
  `${'*a'.repeat(30)}b`,
  '*a*a*a*a*a*a*a*a*a*ab',
  `${'[a]*'.repeat(30)}c`,
  `${'*a/**/'.repeat(5)}d`,
  `${'?*'.repeat(30)}e`,
  `${'*[[:digit:]]*'.repeat(10)}z`,
  `${'*B'.repeat(20)}x`,
];

const NAMES = [
  'a'.repeat(200),
  `${'a'.repeat(199)}b`,
  'ab'.repeat(100),
  `${'a'.repeat(199)}c`,
  `${'a'.repeat(199)}e`,
  `${'1a'.repeat(99)}zz`,
  `${'1a'.repeat(5)}z`,
  `${'b'.repeat(199)}x`,
  `${'B'.repeat(199)}x`,
  `${'a/'.repeat(20)}d`,
  `${'a/'.repeat(3)}d`,
  `x/${'a'.repeat(100)}/y/${'a'.repeat(97)}`,
  `x/${'a'.repeat(100)}/y/${'a'.repeat(96)}b`,
];

let fixture: Awaited<ReturnType<typeof writeGitFixture>>;
beforeAll(async () => {
  fixture = await writeGitFixture({ '.gitignore': `${LINES.join('\n')}\n` });
});
afterAll(() => fixture.cleanup());

describe('pathological .gitignore lines against git check-ignore', () => {
  for (const ignoreCase of [false, true]) {
    it(`ignores and explains exactly what git does (core.ignorecase=${ignoreCase})`, () => {
      const git = checkIgnore(fixture.dir, NAMES, ignoreCase);
      // Both answers occur, so the comparison is not of two empty sets.
      expect(git.size).toBeGreaterThan(4);
      expect(git.size).toBeLessThan(NAMES.length);
      const matcher = IgnoreMatcher.create({ ignoreCase }).withGitignore('', LINES.join('\n'));
      for (const name of NAMES) {
        const label = `${name} (ignoreCase=${ignoreCase})`;
        expect(matcher.isPathIgnored(name), label).toBe(git.has(name));
        const own = matcher.explain(name, false);
        if (own) expect(own.line, label).toBe(git.get(name)?.line);
      }
    });
  }
});
