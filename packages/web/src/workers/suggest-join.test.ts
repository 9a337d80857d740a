import { describe, expect, it } from 'vitest';
import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import { createJoiner, type JoinReply } from './suggest-join';

const file = (bytes: number) => new File(['x'.repeat(bytes)], 'f.ts', { lastModified: 7 });
const files = (build: number, from: number, count: number, bytes: number) => ({
  type: 'files' as const,
  build,
  files: Array.from({ length: count }, (_, i) => ({ path: `f${from + i}.ts`, file: file(bytes) })),
});

function joiner() {
  const replies: JoinReply[] = [];
  return { join: createJoiner((reply) => replies.push(reply)), replies };
}

const shown = (replies: JoinReply[]) =>
  replies.map((reply) =>
    reply.type === 'handed'
      ? `handed ${reply.build}`
      : `${reply.build}: ${reply.files.paths.split('\0').join(' ')} (${reply.files.blob.size})`,
  );

describe('the joiner of an upload’s files', () => {
  it('posts a group once it would pass FILE_READ_GROUP_BYTES, across messages', async () => {
    const { join, replies } = joiner();
    const third = Math.floor(FILE_READ_GROUP_BYTES / 3);
    join(files(1, 0, 2, third));
    join(files(1, 2, 2, third));
    expect(shown(replies)).toEqual([`1: f0.ts f1.ts f2.ts (${3 * third})`]);
    join({ type: 'end', build: 1 });
    expect(shown(replies).slice(1)).toEqual([`1: f3.ts (${third})`, 'handed 1']);
    const [first] = replies;
    if (first?.type !== 'joined') throw new Error('no group');
    expect(first.files.sizes).toEqual([third, third, third]);
    expect(first.files.mtimes).toEqual([7, 7, 7]);
    expect(await first.files.blob.text()).toBe('x'.repeat(3 * third));
  });

  it('drops what an older build left, and an older build’s files', () => {
    const { join, replies } = joiner();
    join(files(1, 0, 2, 10));
    join(files(2, 10, 1, 10));
    join(files(1, 20, 1, 10));
    join({ type: 'end', build: 1 });
    join({ type: 'end', build: 2 });
    expect(shown(replies)).toEqual(['2: f10.ts (10)', 'handed 2']);
  });
});
