import { describe, expect, it } from 'vitest';
import { gitApply } from '../node/git-apply-oracle';
import { parseAnswer, planApply, planToPatch } from '.';
import { fence } from './test-answers';

describe('planToPatch', () => {
  it('writes a diff that git apply turns into exactly the planned files', () => {
    const files: Record<string, string> = {
      'src/crlf.ts': 'one\r\ntwo\r\nthree\r\n',
      'src/bom.ts': '\uFEFFalpha\nbeta\n',
      'src/no-newline.ts': 'first\nlast',
      'src/my file.ts': 'spaced\n',
      'src/café.ts': 'accent\n',
      'src/old name.ts': 'a\nb\nc\nd\ne\n',
      'src/remove.ts': 'bye\n',
      'src/whole.ts': 'x\ny\n',
      'src/failed.ts': 'keep\n',
    };
    const answer = [
      'src/crlf.ts',
      `${fence}\n<<<<<<< SEARCH\ntwo\n=======\nTWO\nand more\n>>>>>>> REPLACE\n${fence}`,
      'src/bom.ts',
      `${fence}\n<<<<<<< SEARCH\nbeta\n=======\nBETA\n>>>>>>> REPLACE\n${fence}`,
      'src/no-newline.ts',
      `${fence}\n<<<<<<< SEARCH\nlast\n=======\nLAST\n>>>>>>> REPLACE\n${fence}`,
      '**src/my file.ts**',
      `${fence}ts\nno longer spaced\n${fence}`,
      '<file path="src/café.ts">\naccented\n</file>',
      `${fence}diff`,
      'diff --git a/src/old name.ts b/src/new name.ts',
      'rename from src/old name.ts',
      'rename to src/new name.ts',
      '--- a/src/old name.ts',
      '+++ b/src/new name.ts',
      '@@ -1,5 +1,5 @@',
      ' a',
      ' b',
      '-c',
      '+C',
      ' d',
      ' e',
      '--- a/src/remove.ts',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      '--- /dev/null',
      '+++ b/src/added.ts',
      '@@ -0,0 +1,2 @@',
      '+fresh',
      '+file',
      fence,
      'src/whole.ts',
      `${fence}\nx\ny\n${fence}`,
      'src/failed.ts',
      `${fence}\n<<<<<<< SEARCH\nabsent\n=======\nx\n>>>>>>> REPLACE\n${fence}`,
    ].join('\n');
    const paths = [...Object.keys(files), 'src/new name.ts', 'src/added.ts'];
    const plan = planApply(
      parseAnswer(answer),
      new Map(paths.map((path) => [path, path in files ? { text: files[path] ?? '' } : null])),
    );
    expect(plan.files.map((file) => [file.path, file.status])).toEqual([
      ['src/crlf.ts', 'modified'],
      ['src/bom.ts', 'modified'],
      ['src/no-newline.ts', 'modified'],
      ['src/my file.ts', 'modified'],
      ['src/café.ts', 'modified'],
      ['src/new name.ts', 'renamed'],
      ['src/remove.ts', 'deleted'],
      ['src/added.ts', 'new'],
      ['src/whole.ts', 'unchanged'],
      ['src/failed.ts', 'failed'],
    ]);
    const patch = planToPatch(plan);
    expect(patch).not.toContain('src/whole.ts'); // unchanged: nothing to write
    expect(patch).not.toContain('src/failed.ts');
    const git = gitApply(files, patch, paths);
    expect(git.ok, `${git.stderr}\n${patch}`).toBe(true);
    for (const file of plan.files) {
      expect(git.files.get(file.path), file.path).toBe(file.after);
      if (file.oldPath) expect(git.files.get(file.oldPath)).toBeNull();
    }
    expect(git.files.get('src/crlf.ts')).toBe('one\r\nTWO\r\nand more\r\nthree\r\n');
    expect(git.files.get('src/bom.ts')).toBe('\uFEFFalpha\nBETA\n');
    expect(git.files.get('src/no-newline.ts')).toBe('first\nLAST');
  });

  it('is empty when nothing applies', () => {
    const plan = planApply(
      parseAnswer('a.ts\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n'),
      new Map([['a.ts', { text: 'z\n' }]]),
    );
    expect(planToPatch(plan)).toBe('');
  });
});
