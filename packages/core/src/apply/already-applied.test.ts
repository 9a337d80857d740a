import { describe, expect, it } from 'vitest';
import { gitApply, gitDiff } from '../node/git-apply-oracle';
import { planToPatch } from '.';
import { creation, deletion, fence, planAnswer, searchReplace } from './test-answers';

/** Plans the answer, then plans it again on the files the first plan wrote. */
function twice(answer: string, files: Record<string, string | null>) {
  const first = planAnswer(answer, files);
  const written = { ...files };
  for (const file of first.files) written[file.path] = file.after;
  for (const file of first.files) if (file.oldPath) written[file.oldPath] = null;
  return { first, second: planAnswer(answer, written) };
}

const source = 'import { a } from "./a";\n\nexport function f() {\n  return a;\n}\n';

describe('a block sent again after it was applied', () => {
  it('is already applied when its replacement holds its search text (an insertion)', () => {
    const answer = searchReplace(
      'src/f.ts',
      'import { a } from "./a";\n',
      'import { a } from "./a";\nimport { b } from "./b";\n',
    );
    const { first, second } = twice(answer, { 'src/f.ts': source });
    expect(first.files[0]).toMatchObject({ status: 'modified', alreadyApplied: 0, added: 1 });
    expect(second.files[0]).toMatchObject({
      status: 'unchanged',
      alreadyApplied: 1,
      added: 0,
      removed: 0,
      failures: [],
    });
    expect(second.files[0]?.after).toBe(first.files[0]?.after);
    expect(planToPatch(second)).toBe('');
  });

  it('is already applied when its search text is gone and its replacement is there once', () => {
    const answer = searchReplace('src/f.ts', '  return a;\n', '  return a + 1;\n');
    const { second } = twice(answer, { 'src/f.ts': source });
    expect(second.files[0]).toMatchObject({ status: 'unchanged', alreadyApplied: 1 });
  });

  it('counts the blocks already applied beside those that still change the file', () => {
    const once = searchReplace('src/f.ts', '  return a;\n', '  return a + 1;\n');
    const applied = planAnswer(once, { 'src/f.ts': source }).files[0]!.after!;
    const answer =
      once + searchReplace('src/f.ts', 'export function f() {\n', 'export function g() {\n');
    const file = planAnswer(answer, { 'src/f.ts': applied }).files[0]!;
    expect(file).toMatchObject({ status: 'modified', alreadyApplied: 1, added: 1, removed: 1 });
    expect(file.after).toBe(applied.replace('function f', 'function g'));
  });

  it('still applies a block whose replacement is elsewhere in the file, not where its search is', () => {
    const text = 'x = 1\ny = 2\nx = 2\n';
    const file = planAnswer(searchReplace('a.py', 'x = 1\n', 'x = 2\n'), { 'a.py': text })
      .files[0]!;
    expect(file).toMatchObject({ status: 'modified', alreadyApplied: 0 });
    expect(file.after).toBe('x = 2\ny = 2\nx = 2\n');
  });

  it('is unchanged for a whole file, an empty SEARCH and a <file> element that write the same text', () => {
    const whole = `src/f.ts\n${fence}ts\n${source}${fence}\n`;
    expect(planAnswer(whole, { 'src/f.ts': source }).files[0]).toMatchObject({
      status: 'unchanged',
      alreadyApplied: 1,
      wholeFile: true,
    });
    const created = searchReplace('new.ts', '', 'one\ntwo\n');
    expect(twice(created, { 'new.ts': null }).second.files[0]).toMatchObject({
      status: 'unchanged',
      alreadyApplied: 1,
    });
  });

  it('is unchanged for a diff applied before, which git refuses to apply again', () => {
    const after = source.replace('return a;', 'return a * 2;').replace('./a', './lib/a');
    const patch = gitDiff('src/f.ts', source, after, 1);
    // git: the patch applies to the old file, its reverse to the new one.
    expect(gitApply({ 'src/f.ts': source }, patch).ok).toBe(true);
    expect(gitApply({ 'src/f.ts': after }, patch).ok).toBe(false);
    const { first, second } = twice(patch, { 'src/f.ts': source });
    expect(first.files[0]?.after).toBe(after);
    expect(second.files[0]).toMatchObject({ status: 'unchanged', alreadyApplied: 1, failures: [] });
  });

  it('is unchanged for a created file already there, and for a deletion of a file already gone', () => {
    const answer = [
      ...creation('new.ts', ['one', 'two']),
      ...deletion('old.ts', ['gone']),
      '',
    ].join('\n');
    const { first, second } = twice(answer, { 'new.ts': null, 'old.ts': 'gone\n' });
    expect(first.files.map((file) => file.status)).toEqual(['new', 'deleted']);
    expect(second.files.map((file) => [file.status, file.alreadyApplied])).toEqual([
      ['unchanged', 1],
      ['unchanged', 1],
    ]);
    // A different file at the new path is still refused.
    expect(planAnswer(answer, { 'new.ts': 'other\n', 'old.ts': null }).files[0]).toMatchObject({
      status: 'failed',
      failures: [{ code: 'FILE_EXISTS' }],
    });
  });

  it('never doubles a block over three rounds of every format', () => {
    const answer =
      searchReplace('a.ts', 'const a = 1;\n', 'const a = 1;\nconst b = 2;\n') +
      `b.ts\n${fence}\nexport const b = 2;\n${fence}\n` +
      gitDiff('c.ts', 'one\ntwo\n', 'one\n2\ntwo\n');
    let files: Record<string, string | null> = {
      'a.ts': 'const a = 1;\n',
      'b.ts': 'export const b = 1;\n',
      'c.ts': 'one\ntwo\n',
    };
    const expected = {
      'a.ts': 'const a = 1;\nconst b = 2;\n',
      'b.ts': 'export const b = 2;\n',
      'c.ts': 'one\n2\ntwo\n',
    };
    for (let round = 0; round < 3; round++) {
      const result = planAnswer(answer, files);
      files = Object.fromEntries(result.files.map((file) => [file.path, file.after]));
      expect(files).toEqual(expected);
      if (round > 0) expect(result.files.every((file) => file.status === 'unchanged')).toBe(true);
    }
  });
});

describe('a rename sent again after it was applied', () => {
  const rename = (hunk: string[]) =>
    [
      `${fence}diff`,
      'diff --git a/src/old.ts b/src/new.ts',
      'similarity index 80%',
      'rename from src/old.ts',
      'rename to src/new.ts',
      ...(hunk.length > 0 ? ['--- a/src/old.ts', '+++ b/src/new.ts', ...hunk] : []),
      fence,
    ].join('\n');
  const edit = [
    '@@ -1,2 +1,2 @@',
    ' export const keep = 1;',
    '-export const a = 2;',
    '+export const b = 2;',
  ];
  const old = 'export const keep = 1;\nexport const a = 2;\n';

  it('is already applied, with or without an edit, and writes nothing', () => {
    for (const hunk of [[], edit]) {
      const { first, second } = twice(rename(hunk), { 'src/old.ts': old, 'src/new.ts': null });
      expect(first.files[0]).toMatchObject({ path: 'src/new.ts', status: 'renamed' });
      expect(second.files).toMatchObject([
        { path: 'src/new.ts', status: 'unchanged', alreadyApplied: 1, failures: [] },
      ]);
      expect(second.files[0]?.oldPath).toBeUndefined();
      expect(planToPatch(second)).toBe('');
    }
  });

  it('still fails when the new path does not hold its edit', () => {
    const other = planAnswer(rename(edit), { 'src/old.ts': null, 'src/new.ts': 'unrelated\n' });
    expect(other.files).toMatchObject([
      { path: 'src/new.ts', status: 'failed', alreadyApplied: 0 },
    ]);
    expect(other.files[0]?.failures.length).toBeGreaterThan(0);
  });
});
