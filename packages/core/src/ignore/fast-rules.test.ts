import { describe, expect, it } from 'vitest';
import { CORE_SYSTEM_IGNORE_PATTERNS } from './core-system-patterns';
import { FastRules } from './fast-rules';
import { compilePatterns, patternLines } from './matcher';

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
  const rules = new FastRules(patternLines(lines), compilePatterns);
  // What the layered matcher asked of `ignore` before: the path itself, `/` for folders.
  const reference = compilePatterns(lines);
  for (const parent of PARENTS) {
    for (const name of NAMES) {
      for (const isDirectory of [false, true]) {
        const path = `${parent}${name}`;
        expect(rules.ignores(path, isDirectory), `${path}${isDirectory ? '/' : ''}`).toBe(
          reference.ignores(isDirectory ? `${path}/` : path),
        );
      }
    }
  }
}

describe('FastRules', () => {
  it('answers the core system list exactly as the ignore package does', () => {
    expectSameAnswers(CORE_SYSTEM_IGNORE_PATTERNS);
  });

  it('keeps a rule in order when a later negation may re-include what it matches', () => {
    expectSameAnswers(['*.db', '!data.db', 'dist/', '!dist/', 'cache', '!*.env', '*.png', '!c*']);
  });

  it('keeps comments, blank lines and patterns with slashes or globs to the ignore package', () => {
    const lines = ['# c', '', '.yarn/cache/', 'a/b/c', '*.tar.*', 'READ?E', '[Dd]ist/', 'index.ts'];
    expectSameAnswers(lines);
    const rules = new FastRules(patternLines(lines), compilePatterns);
    expect(rules.ignores('.yarn/cache', true)).toBe(true);
    expect(rules.ignores('README', false)).toBe(true);
    expect(rules.ignores('src/index.ts', false)).toBe(true);
    expect(rules.ignores('src/index.tsx', false)).toBe(false);
  });
});
