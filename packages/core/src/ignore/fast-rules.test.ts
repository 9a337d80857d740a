import { describe, expect, it } from 'vitest';
import { CORE_SYSTEM_IGNORE_PATTERNS } from './core-system-patterns';
import { FastRules } from './fast-rules';
import { compileGitignore, lastMatch } from './gitignore-rule';

/** Names that meet the core list's rules: exact, other case, as suffixes, near misses. */
const NAMES = [
  'node_modules',
  'Node_Modules',
  'node_modules2',
  '.git',
  '.gitignore',
  'package-lock.json',
  'PACKAGE-LOCK.JSON',
  'package-lock.json.bak',
  'app.min.js',
  'app.MIN.JS',
  'app.min.jsx',
  'min.js',
  '.min.js',
  'style.css.map',
  'bundle.js.map',
  'x.tsbuildinfo',
  '.env',
  '.env.local',
  '.env.example',
  '.ENV.Example',
  '.env.sample',
  '.envrc',
  '._resource',
  '_resource',
  'Thumbs.db',
  'thumbs.DB',
  'data.db',
  'photo.PNG',
  'photo.png.txt',
  'archive.tar.gz',
  'lib.a',
  'a',
  '.a',
  'README',
  'index.ts',
  'id_rsa',
  'id_rsa.pub',
  '$RECYCLE.BIN',
  'cache',
  'dist',
  'distribution',
  'coverage',
];
const PARENTS = ['', 'src/', 'packages/app/', '.yarn/', 'a/b/c/'];

function expectSameAnswers(lines: readonly string[]): void {
  for (const ignoreCase of [true, false]) {
    const list = compileGitignore(lines, { kind: 'core' }, ignoreCase);
    const rules = new FastRules(list, ignoreCase);
    for (const parent of PARENTS) {
      for (const name of NAMES) {
        for (const isDirectory of [false, true]) {
          const path = `${parent}${name}`;
          // The plain list (every line's regex, last match wins; git-checked in
          // gitignore-oracle.test.ts) is the reference.
          const last = lastMatch(list, path, isDirectory);
          const label = `${path}${isDirectory ? '/' : ''} ignoreCase=${ignoreCase}`;
          expect(rules.ignores(path, isDirectory), label).toBe(!!last && !last.negative);
          expect(rules.explain(path, isDirectory), label).toBe(last?.negative ? undefined : last);
        }
      }
    }
  }
}

describe('FastRules', () => {
  it('answers the core system list exactly as the plain list does, in both cases', () => {
    expectSameAnswers(CORE_SYSTEM_IGNORE_PATTERNS);
  });

  it('keeps a rule in order when a later negation may re-include what it matches', () => {
    expectSameAnswers(['*.db', '!data.db', 'dist/', '!dist/', 'cache', '!*.env', '*.png', '!c*']);
  });

  it('keeps comments, blank lines and patterns with slashes or globs to their regexes', () => {
    const lines = ['# c', '', '.yarn/cache/', 'a/b/c', '*.tar.*', 'READ?E', '[Dd]ist/', 'index.ts'];
    expectSameAnswers(lines);
    const rules = new FastRules(compileGitignore(lines, { kind: 'core' }, true), true);
    expect(rules.ignores('.yarn/cache', true)).toBe(true);
    expect(rules.ignores('README', false)).toBe(true);
    expect(rules.ignores('src/index.ts', false)).toBe(true);
    expect(rules.ignores('src/index.tsx', false)).toBe(false);
  });

  it('folds case only when the list is case-insensitive', () => {
    const lines = ['Thumbs.db', '*.PNG', 'CVS/'];
    const exact = new FastRules(compileGitignore(lines, { kind: 'core' }, false), false);
    expect(exact.ignores('thumbs.db', false)).toBe(false);
    expect(exact.ignores('a.png', false)).toBe(false);
    expect(exact.ignores('a.PNG', false)).toBe(true);
    expect(exact.ignores('cvs', true)).toBe(false);
    const folded = new FastRules(compileGitignore(lines, { kind: 'core' }, true), true);
    expect(folded.ignores('thumbs.db', false)).toBe(true);
    expect(folded.ignores('a.png', false)).toBe(true);
    expect(folded.ignores('cvs', true)).toBe(true);
  });
});
