import { describe, expect, it } from 'vitest';
import { fence, planAnswer } from './test-answers';

const lines = (n: number, from = 1) =>
  Array.from({ length: n }, (_, k) => `line ${k + from}`).join('\n') + '\n';

describe('hunks whose header miscounts their body (models often do)', () => {
  it('applies a hunk shorter than its counts when the closing fence ends it', () => {
    const before = lines(20);
    // 8 old lines counted, 7 written: a context line left out, the counts kept.
    const hunk =
      '@@ -8,8 +8,8 @@\n line 9\n line 10\n-line 11\n+line eleven\n line 12\n line 13\n line 14\n';
    const answer = `Here:\n\n${fence}diff\n--- a/f.txt\n+++ b/f.txt\n${hunk}${fence}\n\nDone.\n`;
    const file = planAnswer(answer, { 'f.txt': before }).files[0];
    expect(file?.failures).toEqual([]);
    expect(file?.after).toBe(before.replace('line 11\n', 'line eleven\n'));
  });

  it('applies a miscounted hunk that the next hunk header ends, and that next hunk', () => {
    const before = lines(40);
    const answer = [
      `${fence}diff`,
      '--- a/f.txt',
      '+++ b/f.txt',
      '@@ -4,9 +4,9 @@',
      ' line 4',
      '-line 5',
      '+line five',
      ' line 6',
      '@@ -30,7 +30,7 @@',
      ' line 30',
      '-line 31',
      '+line thirty-one',
      ' line 32',
      fence,
      '',
    ].join('\n');
    const file = planAnswer(answer, { 'f.txt': before }).files[0];
    expect(file?.failures).toEqual([]);
    expect(file?.after).toBe(
      before.replace('line 5\n', 'line five\n').replace('line 31\n', 'line thirty-one\n'),
    );
  });

  it('still refuses a miscounted hunk whose lines do not all match', () => {
    const before = lines(20);
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -8,9 +8,9 @@\n line 9\n line ten\n-line 11\n+line eleven\n line 12\n${fence}\n`;
    const file = planAnswer(answer, { 'f.txt': before }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'HUNK_FAILED' }] });
  });

  it('fails a counted hunk with no line under it that reads as a hunk line, never "unchanged"', () => {
    // git's tests write a tab as Z; a model may write prose there: nothing of it can apply.
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -2,3 +2,4 @@\nZline 2\n+new\nZline 3\n${fence}\n`;
    const file = planAnswer(answer, { 'f.txt': lines(5) }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'HUNK_FAILED' }] });
  });

  it('finds a hunk numbered 1 by mistake where it is, when its context says nothing of the start', () => {
    const before = `top\n${lines(12)}`;
    // The change is at line 6; the model numbered the hunk 1 (three lines of context each side).
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -1,7 +1,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n${fence}\n`;
    const file = planAnswer(answer, { 'f.txt': before }).files[0];
    expect(file?.failures).toEqual([]);
    expect(file?.after).toBe(before.replace('line 5\n', 'line five\n'));
  });

  it('still anchors at the start a hunk numbered 1 with less context before than after', () => {
    const before = `top\n${lines(12)}`;
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -1,4 +1,4 @@\n-line 1\n+line one\n line 2\n line 3\n line 4\n${fence}\n`;
    const file = planAnswer(answer, { 'f.txt': before }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'HUNK_FAILED' }] });
  });
});

describe('a diff that leaves out "\\ No newline" (models rarely write it)', () => {
  const answer = (hunk: string) => `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n${hunk}${fence}\n`;

  it('edits the open last line and keeps the file without final newline', () => {
    const before = 'one\ntwo\nthree';
    const file = planAnswer(answer('@@ -1,3 +1,3 @@\n one\n two\n-three\n+three and more\n'), {
      'f.txt': before,
    }).files[0];
    expect(file?.failures).toEqual([]);
    expect(file?.after).toBe('one\ntwo\nthree and more');
  });

  it('adds lines after the open last line, the new last one open', () => {
    const file = planAnswer(answer('@@ -2,2 +2,3 @@\n two\n three\n+four\n'), {
      'f.txt': 'one\ntwo\nthree',
    }).files[0];
    expect(file?.failures).toEqual([]);
    expect(file?.after).toBe('one\ntwo\nthree\nfour');
  });

  it('still refuses a hunk that marks one line but not the open last one', () => {
    const hunk = '@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n\\ No newline at end of file\n';
    const file = planAnswer(answer(hunk), { 'f.txt': 'one\ntwo\nthree\n' }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'HUNK_FAILED' }] });
  });

  it('still keeps the final newline of a file that has one', () => {
    const file = planAnswer(answer('@@ -2,2 +2,2 @@\n two\n-three\n+3\n'), {
      'f.txt': 'one\ntwo\nthree\n',
    }).files[0];
    expect(file?.after).toBe('one\ntwo\n3\n');
  });
});
