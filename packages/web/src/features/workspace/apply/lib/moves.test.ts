import { describe, expect, it } from 'vitest';
import { memoryFolder, type Node } from '#web/test/memory-folder.ts';
import { pageAnswerPlanner } from '#web/test/page-answer-planner.ts';
import { applyActions, useApplyStore } from '../stores/apply-store';
import { readHandleBytes } from './folder-io';
import { reviewAnswer } from './review';
import { undoChanges, writeChanges } from './write-changes';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (node: Node | undefined) =>
  node instanceof Uint8Array ? new TextDecoder().decode(node) : node;

const rename = (from: string, to: string) =>
  [
    `diff --git a/${from} b/${to}`,
    'similarity index 100%',
    `rename from ${from}`,
    `rename to ${to}`,
  ].join('\n');

function folder() {
  const tree = new Map<string, Node>([
    ['a.ts', bytes('a\n')],
    ['b.ts', bytes('b\n')],
  ]);
  const root = memoryFolder(tree, []);
  const sources = {
    read: (path: string) => readHandleBytes(root, path),
    previous: null,
    statOf: () => undefined,
    planner: pageAnswerPlanner(),
  };
  return { tree, root, sources };
}

describe('files that move into each other’s paths, in the web', () => {
  it('writes a swap as one unit and undoes it', async () => {
    const { tree, root, sources } = folder();
    const review = await reviewAnswer(
      `${rename('a.ts', 'b.ts')}\n${rename('b.ts', 'a.ts')}\n`,
      sources,
    );
    expect(review.plan.files.map((f) => [f.path, f.status])).toEqual([
      ['b.ts', 'renamed'],
      ['a.ts', 'renamed'],
    ]);
    expect([...review.checked].sort()).toEqual(['a.ts', 'b.ts']);
    const outcome = await writeChanges(root, 'p', review.plan.files, review.reviewed);
    expect(outcome.written.sort()).toEqual(['a.ts', 'b.ts']);
    expect([text(tree.get('a.ts')), text(tree.get('b.ts'))]).toEqual(['b\n', 'a\n']);
    await undoChanges(root, outcome.record!);
    expect([text(tree.get('a.ts')), text(tree.get('b.ts'))]).toEqual(['a\n', 'b\n']);
  });

  it('writes nothing of a chain when one of its paths changed since the review', async () => {
    const { tree, root, sources } = folder();
    const review = await reviewAnswer(
      `${rename('a.ts', 'b.ts')}\n${rename('b.ts', 'c.ts')}\n`,
      sources,
    );
    tree.set('b.ts', bytes('b, edited since\n'));
    const outcome = await writeChanges(root, 'p', review.plan.files, review.reviewed);
    expect(outcome.written).toEqual([]);
    expect(outcome.notWritten.map((n) => [n.path, n.reason]).sort()).toEqual([
      ['b.ts', 'conflict'],
      ['c.ts', 'conflict'],
    ]);
    expect([...tree.keys()].sort()).toEqual(['a.ts', 'b.ts']);
  });

  it('checks and unchecks the files of a chain together', async () => {
    const { sources } = folder();
    const review = await reviewAnswer(
      `${rename('a.ts', 'b.ts')}\n${rename('b.ts', 'c.ts')}\n`,
      sources,
    );
    useApplyStore.setState({ review });
    applyActions.toggle('c.ts');
    expect([...useApplyStore.getState().review!.checked]).toEqual([]);
    applyActions.toggle('b.ts');
    expect([...useApplyStore.getState().review!.checked].sort()).toEqual(['b.ts', 'c.ts']);
  });
});
