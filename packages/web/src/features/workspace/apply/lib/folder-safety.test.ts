import { describe, expect, it } from 'vitest';
import {
  PathClashError,
  readHandleBytes,
  removeHandleFile,
  sameBytes,
  writeHandleBytes,
} from './folder-io';
import { reviewAnswer } from './review';
import { writeChanges } from './write-changes';
import { memoryFolder, type Node } from '#web/test/memory-folder.ts';
import { pageAnswerPlanner } from '#web/test/page-answer-planner.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

function project() {
  const git = new Map<string, Node>([['config', bytes('[core]\n')]]);
  const tree = new Map<string, Node>([
    ['.git', git],
    ['docs', bytes('a file named docs\n')],
    ['src', new Map<string, Node>([['app.ts', bytes('app\n')]])],
    ['empty', new Map<string, Node>()],
  ]);
  const asked: string[] = [];
  return { tree, git, asked, root: memoryFolder(tree, asked) };
}

const sourcesOf = (root: FileSystemDirectoryHandle) => ({
  read: (path: string) => readHandleBytes(root, path),
  previous: null,
  statOf: () => undefined,
  planner: pageAnswerPlanner(),
});

const SPELLINGS = ['.git.', '.GIT ', 'GIT~1', 'git~2', '.git::$INDEX_ALLOCATION', '.g\u200Cit'];

describe('the web apply never reaches .git, under any spelling', () => {
  it('plans every spelling as refused and reads none of them', async () => {
    const { root, asked } = project();
    const answer = [
      ...SPELLINGS.map((name) => `<file path="${name}/config">\n[core]\n\tfsmonitor = x\n</file>`),
      '<file path="src/app.ts">\napp 2\n</file>',
    ].join('\n');
    const review = await reviewAnswer(answer, sourcesOf(root));
    expect(
      review.plan.files.map((file) => [file.path, file.status, file.failures[0]?.code]),
    ).toEqual([
      ['src/app.ts', 'modified', undefined],
      ...SPELLINGS.map((name) => [`${name}/config`, 'failed', 'PATH_GIT']),
    ]);
    expect(asked).toEqual(['src', 'src/app.ts']);
    expect([...review.checked]).toEqual(['src/app.ts']);
  });

  it('refuses to read, write or remove such a path through the handle, asking the browser nothing', async () => {
    const { root, git, asked } = project();
    for (const name of SPELLINGS) {
      await expect(readHandleBytes(root, `${name}/config`)).rejects.toThrow('Refused path');
      await expect(writeHandleBytes(root, `${name}/config`, bytes('x'))).rejects.toThrow(
        'Refused path',
      );
      await expect(removeHandleFile(root, `${name}/config`)).rejects.toThrow('Refused path');
    }
    await expect(writeHandleBytes(root, 'src/../.git/config', bytes('x'))).rejects.toThrow();
    expect(asked).toEqual([]);
    expect(new TextDecoder().decode(git.get('config') as Uint8Array)).toBe('[core]\n');
  });
});

describe('file-versus-folder clashes in the web apply', () => {
  it('are refused at review: on disk, and between two files of the answer', async () => {
    const { root } = project();
    const answer = [
      '<file path="docs/guide.md">\n# Guide\n</file>',
      '<file path="src">\nnot a folder\n</file>',
      '<file path="new/a">\na file\n</file>',
      '<file path="new/a/b.md">\nunder it\n</file>',
      '<file path="ok.md">\nok\n</file>',
    ].join('\n');
    const review = await reviewAnswer(answer, sourcesOf(root));
    expect(
      review.plan.files.map((file) => [file.path, file.status, file.failures[0]?.params.at]),
    ).toEqual([
      ['docs/guide.md', 'failed', 'docs'],
      ['src', 'failed', 'src'],
      ['new/a', 'failed', 'new/a'],
      ['new/a/b.md', 'failed', 'new/a'],
      ['ok.md', 'new', undefined],
    ]);
    expect(review.plan.files[0]?.failures[0]?.code).toBe('PATH_CLASH');
    expect([...review.checked]).toEqual(['ok.md']);
  });

  it('leaves a file alone when a clash appears after the review, and never removes a folder', async () => {
    const { root, tree } = project();
    const review = await reviewAnswer(
      '<file path="notes/a.md">\na\n</file>\n<file path="empty" action="delete" />',
      sourcesOf(root),
    );
    expect(review.plan.files.map((file) => file.status)).toEqual(['new', 'failed']);
    tree.set('notes', bytes('a file appeared here\n'));
    const outcome = await writeChanges(root, 'p', review.plan.files.slice(0, 1), review.reviewed);
    expect(outcome).toMatchObject({
      written: [],
      notWritten: [{ path: 'notes/a.md', reason: 'conflict' }],
    });
    await expect(removeHandleFile(root, 'empty')).rejects.toBeInstanceOf(PathClashError);
    expect(tree.get('empty')).toBeInstanceOf(Map);
  });
});

describe('reads that share their folders', () => {
  it('resolve each folder once, and still tell each path its clash', async () => {
    const tree = new Map<string, Node>([
      [
        'src',
        new Map<string, Node>([
          ['a.ts', bytes('a\n')],
          ['b.ts', bytes('b\n')],
        ]),
      ],
      ['docs', bytes('a file named docs\n')],
    ]);
    const asked: string[] = [];
    const root = memoryFolder(tree, asked);
    const folders = new Map<string, Promise<FileSystemDirectoryHandle>>();
    const read = (path: string) => readHandleBytes(root, path, folders);
    const [a, b] = await Promise.all([read('src/a.ts'), read('src/b.ts')]);
    expect([a, b].map((got) => new TextDecoder().decode(got!))).toEqual(['a\n', 'b\n']);
    expect(asked.filter((name) => name === 'src')).toHaveLength(1);
    const clashes = await Promise.allSettled([read('docs/one.md'), read('docs/two.md')]);
    expect(
      clashes.map((c) => c.status === 'rejected' && (c.reason as PathClashError).path),
    ).toEqual(['docs/one.md', 'docs/two.md']);
    expect(
      clashes.every((c) => c.status === 'rejected' && c.reason instanceof PathClashError),
    ).toBe(true);
  });
});

describe('sameBytes', () => {
  it('compares bytes wherever they start in their buffers', () => {
    const text = bytes('0123456789abcdefghij');
    for (const [from, to] of [
      [0, 0],
      [1, 1],
      [3, 7],
      [1, 2],
    ] as const) {
      const a = new Uint8Array(40);
      const b = new Uint8Array(40);
      a.set(text, from);
      b.set(text, to);
      const x = a.subarray(from, from + text.length);
      const y = b.subarray(to, to + text.length);
      expect(sameBytes(x, y)).toBe(true);
      for (const k of [0, 5, text.length - 1]) {
        y[k]! ^= 1;
        expect(sameBytes(x, y)).toBe(false);
        y[k]! ^= 1;
      }
    }
    expect(sameBytes(text, text.subarray(1))).toBe(false);
    expect(sameBytes(null, null)).toBe(true);
    expect(sameBytes(text, null)).toBe(false);
  });
});
