import { describe, expect, it } from 'vitest';
import { gitApply, gitDiff, gnuDiff } from '../node/git-apply-oracle';
import { parseAnswer } from '.';
import { fence, planAnswer } from './test-answers';

/** Our plan against git apply's result, path by path (null: the file does not exist). */
function expectLikeGit(patch: string, files: Record<string, string>, paths: string[]) {
  const git = gitApply(files, patch, paths);
  expect(git.ok, git.stderr).toBe(true);
  const result = planAnswer(
    patch,
    Object.fromEntries(paths.map((path) => [path, files[path] ?? null])),
  );
  for (const path of paths) {
    const planned = result.files.find((file) => file.path === path);
    expect(planned?.failures ?? [], path).toEqual([]);
    expect(planned ? planned.after : (files[path] ?? null), path).toBe(git.files.get(path));
  }
}

describe('diffs from GNU diff and other tools, as git apply reads them', () => {
  it('deletes and creates files of diff -ruN (epoch dates, other prefixes than a/ b/)', () => {
    const before = { 'gone.txt': 'one\ntwo\n', 'kept.txt': 'a\nb\nc\n' };
    const after = { 'kept.txt': 'a\nB\nc\n', 'src/made.txt': 'new\nfile\n' };
    const patch = gnuDiff(before, after);
    expect(patch).toContain('1970-01-01');
    expectLikeGit(patch, before, ['gone.txt', 'kept.txt', 'src/made.txt']);
    const statuses = planAnswer(patch, { ...before, 'src/made.txt': null }).files.map((file) => [
      file.path,
      file.status,
    ]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['gone.txt', 'deleted'],
        ['kept.txt', 'modified'],
        ['src/made.txt', 'new'],
      ]),
    );
  });

  it('reads dates after spaces as well as after a tab', () => {
    const patch = gnuDiff({ 'a.txt': 'x\ny\n' }, { 'a.txt': 'x\nz\n' }).replaceAll('\t', '   ');
    expect(patch).toMatch(/^--- old\/a\.txt {3}\d{4}-/m);
    const file = planAnswer(patch, { 'a.txt': 'x\ny\n' }).files[0];
    expect(file).toMatchObject({ path: 'a.txt', status: 'modified', after: 'x\nz\n' });
  });

  it('creates a file from hunks that keep no line (-0,0) when it does not exist', () => {
    const answer = `new.txt\n${fence}diff\n@@ -0,0 +1,2 @@\n+one\n+two\n${fence}\n`;
    expect(planAnswer(answer, { 'new.txt': null }).files[0]).toMatchObject({
      status: 'new',
      after: 'one\ntwo\n',
    });
  });

  it('copies a file (copy from/to) as git apply does', () => {
    const patch = [
      'diff --git a/src/a.ts b/src/b.ts',
      'similarity index 90%',
      'copy from src/a.ts',
      'copy to src/b.ts',
      '--- a/src/a.ts',
      '+++ b/src/b.ts',
      '@@ -1,3 +1,3 @@',
      ' one',
      '-two',
      '+deux',
      ' three',
      '',
    ].join('\n');
    const files = { 'src/a.ts': 'one\ntwo\nthree\n' };
    expectLikeGit(patch, files, ['src/a.ts', 'src/b.ts']);
    expect(planAnswer(patch, { ...files, 'src/b.ts': null }).files).toMatchObject([
      { path: 'src/b.ts', status: 'new', after: 'one\ndeux\nthree\n' },
    ]);
  });

  it('reads a hunk by its counts: a context line holding ``` does not close the ```diff fence', () => {
    const before = '# Title\n\n```sh\nnpm test\n```\n\nEnd of the old text.\n';
    const after = '# Title\n\n```sh\nnpm test\n```\n\nEnd of the new text.\n';
    const diff = gitDiff('README.md', before, after);
    expect(diff).toContain('\n ```\n');
    const answer = `Here is the change:\n\n${fence}diff\n${diff}${fence}\n`;
    const file = planAnswer(answer, { 'README.md': before }).files[0];
    expect(file).toMatchObject({ status: 'modified', added: 1, removed: 1 });
    expect(file?.after).toBe(after);
  });

  it('never applies a hunk shorter than its counts where the answer ends (it was cut)', () => {
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n`;
    const file = planAnswer(answer, { 'f.txt': 'a\nb\nc\nd\n' }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'HUNK_FAILED' }] });
    expect(file?.failures[0]?.message).toContain('fewer lines than its header counts');
  });

  it('ignores an empty trailing @@ hunk', () => {
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n@@ ... @@\n${fence}\n`;
    expect(planAnswer(answer, { 'f.txt': 'a\nb\n' }).files[0]).toMatchObject({
      status: 'modified',
      after: 'a\nB\n',
    });
  });

  it('fails a rename and the other edit of its old path together, writing neither', () => {
    const answer = [
      `${fence}diff`,
      'diff --git a/old.ts b/new.ts',
      'similarity index 100%',
      'rename from old.ts',
      'rename to new.ts',
      fence,
      '',
      'old.ts',
      fence,
      '<<<<<<< SEARCH',
      'not in the file',
      '=======',
      'x',
      '>>>>>>> REPLACE',
      fence,
      '',
    ].join('\n');
    const result = planAnswer(answer, { 'old.ts': 'keep\n', 'new.ts': null });
    expect(result.files.map((file) => [file.path, file.status])).toEqual([
      ['new.ts', 'failed'],
      ['old.ts', 'failed'],
    ]);
    expect(result.files[0]?.failures.map((failure) => failure.code)).toEqual(['RENAME_INCOMPLETE']);
    expect(result.files[0]?.failures[0]?.message).toBe(
      'new.ts is not written: the answer renames old.ts to new.ts and also edits old.ts; the two are written together or not at all',
    );
  });
});

describe('file names models write plainly', () => {
  const block = `${fence}\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n${fence}\n`;

  it('looks past a fence line between the name and its SEARCH block', () => {
    const answer = `src/a.ts\n${fence}ts\n${fence}\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n`;
    expect(parseAnswer(answer).edits).toMatchObject([{ kind: 'search-replace', path: 'src/a.ts' }]);
  });

  it('takes names without an extension: known ones, and a bare name right above a block', () => {
    for (const name of ['gradlew', 'Justfile', 'bin/run', 'Taskfile']) {
      expect(parseAnswer(`${name}\n${block}`).edits, name).toMatchObject([{ path: name }]);
    }
    expect(parseAnswer(`tool\n${fence}sh\necho hi\n${fence}\n`).edits).toMatchObject([
      { kind: 'whole-file', path: 'tool' },
    ]);
    // A word of prose with a colon, or with a blank line before the fence, is no name.
    expect(parseAnswer(`Example:\n${fence}sh\necho hi\n${fence}\n`).edits).toEqual([]);
    expect(parseAnswer(`tool\n\n${fence}sh\necho hi\n${fence}\n`).edits).toEqual([]);
  });

  it('names five lines at most when a text is found in many places', () => {
    const text = 'x\n'.repeat(103);
    const answer = `a.txt\n${block.replace('old', 'x').replace('new', 'y')}`;
    const failure = planAnswer(answer, { 'a.txt': text }).files[0]?.failures[0];
    expect(failure).toMatchObject({ code: 'SEARCH_AMBIGUOUS', params: { count: 103 } });
    expect(failure?.message).toBe(
      'block 1: the search text is in a.txt 103 times (lines 1, 2, 3, 4, 5, …); add lines around it so that it is found once',
    );
  });
});
