import { describe, expect, it } from 'vitest';
import { planClashes, pathRefusal, refusePlannedFiles } from '.';
import { planAnswer } from './test-answers';

describe('file-versus-folder clashes inside one answer', () => {
  it('refuses a file the answer writes where another of its files needs a folder, both of them', () => {
    const planned = planAnswer(
      [
        '<file path="docs">\nnot a folder\n</file>',
        '<file path="docs/guide/intro.md">\n# Intro\n</file>',
        '<file path="docs/guide">\nnor this\n</file>',
        '<file path="src/ok.ts">\nok\n</file>',
      ].join('\n'),
    );
    const clashes = planClashes(planned);
    expect([...clashes.keys()].sort()).toEqual(['docs', 'docs/guide', 'docs/guide/intro.md']);
    expect(clashes.get('docs/guide/intro.md')).toMatchObject({
      code: 'PATH_CLASH',
      message:
        'docs/guide/intro.md cannot be written: docs/guide would have to be both a file and a folder',
    });
    const refused = refusePlannedFiles(planned, clashes);
    expect(refused.files.map((file) => [file.path, file.status])).toEqual([
      ['docs', 'failed'],
      ['docs/guide/intro.md', 'failed'],
      ['docs/guide', 'failed'],
      ['src/ok.ts', 'new'],
    ]);
    expect(refused.files[1]).toMatchObject({ after: null, added: 0, removed: 0 });
  });

  it('leaves a file the answer deletes to the check on disk, which finds it in the way', () => {
    const planned = planAnswer(
      '<file path="notes" action="delete" />\n<file path="notes/a.md">\nx\n</file>\n',
      { notes: 'old\n' },
    );
    expect(planClashes(planned).size).toBe(0);
  });
});

describe('refusePlannedFiles', () => {
  it('fails a rename whose source was refused, keeping its text and putting the reason first', () => {
    const planned = planAnswer('diff --git a/a.ts b/b.ts\nrename from a.ts\nrename to b.ts\n', {
      'a.ts': 'a\n',
    });
    expect(planned.files[0]).toMatchObject({ status: 'renamed' });
    const refused = refusePlannedFiles(
      planned,
      new Map([['a.ts', pathRefusal.link('a.ts', 'a.ts')]]),
    );
    expect(refused.files[0]).toMatchObject({
      status: 'failed',
      after: 'a\n',
      failures: [
        {
          code: 'PATH_LINK',
          message: 'a.ts: a.ts is a symbolic link, and apply never writes through one',
        },
      ],
    });
  });
});
