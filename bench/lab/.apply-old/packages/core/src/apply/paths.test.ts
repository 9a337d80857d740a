import { afterAll, describe, expect, it } from 'vitest';
import { gitPathOracle } from '../node/git-path-oracle';
import { checkApplyPath, isDotGitSegment, parseAnswer, planApply, touchedPaths } from '.';

/** Spellings of `.git` that some platform's file system resolves to the `.git` folder. */
const DOT_GIT_SPELLINGS = [
  '.git',
  '.GIT',
  '.Git',
  '.git.',
  '.git..',
  '.git ',
  '.git . .',
  'GIT~1',
  'git~1',
  'git~2',
  'Git~12',
  '.git::$INDEX_ALLOCATION',
  '.GIT::$index_allocation',
  '.git:stream',
  '.git:$DATA',
  '.git . ::$INDEX_ALLOCATION',
  '.g\u200Cit',
  '.gi\u200Dt',
  '\u200E.git',
  '.git\u200F',
  '.g\u202Ait',
  '.g\u202Eit',
  '.g\u206Ait',
  '.g\u206Fit',
  '.git\uFEFF',
  '\uFEFF.git',
  '.g\u00ADit',
  '.g\u034Fit',
  '.g\u2060it',
  '.G\u200CI\u200DT. ',
];

/** Names near `.git` that are ordinary files and folders. */
const ORDINARY = [
  '.gitignore',
  '.gitattributes',
  '.github',
  '.gitx',
  'git',
  '.git-blame-ignore-revs',
  'x.git',
  '.git~1',
  'git~',
  'git~1a',
  'a:b',
  '.gi t',
  '. git',
];

describe('every spelling of .git', () => {
  it.each(DOT_GIT_SPELLINGS)('refuses %j as a folder, a file and inside a path', (name) => {
    expect(isDotGitSegment(name)).toBe(true);
    for (const path of [`${name}/config`, `sub/${name}/hooks/pre-commit`, `a\\${name}\\x`, name]) {
      expect(checkApplyPath(path), path).toMatchObject({ ok: false, reason: { code: 'PATH_GIT' } });
    }
  });

  it.each(ORDINARY)('accepts %j', (name) => {
    expect(isDotGitSegment(name)).toBe(false);
    expect(checkApplyPath(`src/${name}/a.ts`)).toEqual({ ok: true, path: `src/${name}/a.ts` });
  });

  it('plans every spelling as failed and reads none of them', () => {
    const answer = DOT_GIT_SPELLINGS.map(
      (name) => `<file path="${name}/config">\n[core]\n\tfsmonitor = evil\n</file>`,
    ).join('\n');
    const parsed = parseAnswer(answer);
    expect(parsed.edits).toHaveLength(DOT_GIT_SPELLINGS.length);
    expect(touchedPaths(parsed)).toEqual([]);
    const plan = planApply(parsed, new Map());
    expect(plan.files.map((file) => file.status)).toEqual(DOT_GIT_SPELLINGS.map(() => 'failed'));
    expect(plan.files.every((file) => file.failures[0]?.code === 'PATH_GIT')).toBe(true);
  });

  it('refuses segments of dots and spaces only, which Windows reads as . or ..', () => {
    for (const path of ['.. /x', '... /x', 'a/.. /b', 'a/. . /b', '.\u200C./x']) {
      expect(checkApplyPath(path), path).toMatchObject({
        ok: false,
        reason: { code: 'PATH_OUTSIDE' },
      });
    }
    expect(checkApplyPath('a/./b')).toEqual({ ok: true, path: 'a/b' });
  });
});

describe('git as the reference (core.protectNTFS and core.protectHFS)', () => {
  const git = gitPathOracle();
  afterAll(git.dispose);
  const gitRefuses = git.refuses;

  it('refuses every .git spelling git refuses, and some more', () => {
    const acceptedByGit = DOT_GIT_SPELLINGS.filter((name) => !gitRefuses(`${name}/config`));
    // git checks only git~1, a fixed set of ignorable code points, and each platform's rule
    // alone (the last: ignorable code points and trailing dots together).
    expect(acceptedByGit).toEqual([
      'git~2',
      'Git~12',
      '.g\u00ADit',
      '.g\u034Fit',
      '.g\u2060it',
      '.G\u200CI\u200DT. ',
    ]);
    for (const name of DOT_GIT_SPELLINGS) {
      expect(checkApplyPath(`${name}/config`), name).toMatchObject({ ok: false });
    }
  });

  it('accepts the ordinary names git accepts', () => {
    for (const name of ORDINARY) {
      expect(gitRefuses(`src/${name}/a.ts`), name).toBe(false);
      expect(checkApplyPath(`src/${name}/a.ts`).ok, name).toBe(true);
    }
  });
});
