import { describe, expect, it } from 'vitest';
import type { AppliedFile } from './apply-records';
import { restoredAsPrompted } from './undo-flags';

const bytes = (text: string) => new TextEncoder().encode(text);
const PROMPT = {
  at: '2026-11-28T00:00:00.000Z',
  structure: {
    'seen.ts': { size: 4, mtime: 100 },
    'quoted.ts': { size: 9, mtime: 200 },
    'edited.ts': { size: 4, mtime: 300 },
    'secret.env': { size: 20, mtime: 400 },
  },
  contents: {
    'quoted.ts': 'quoted\n',
    'secret.env': 'KEY=[REDACTED:generic]\n',
  },
};
const NOW = { size: 1, mtime: 999 };
const statNow = (path: string) => Promise.resolve(path === 'gone.ts' ? null : NOW);

describe('restoredAsPrompted', () => {
  it('keeps the files an undo put back as the latest prompt saw them, at their stat now', async () => {
    const files: AppliedFile[] = [
      // The tree recorded for it before the write what the prompt recorded.
      {
        path: 'seen.ts',
        before: bytes('old\n'),
        after: bytes('new\n'),
        beforeStat: { size: 4, mtime: 100 },
      },
      // No stat, but the prompt quoted the text it holds again.
      { path: 'quoted.ts', before: bytes('\uFEFFquoted\n'), after: bytes('x\n') },
      // Changed since the prompt before the apply: still changed after the undo.
      {
        path: 'edited.ts',
        before: bytes('mine\n'),
        after: bytes('x\n'),
        beforeStat: { size: 5, mtime: 350 },
      },
      // A secret the prompt redacted compares as redacted.
      { path: 'secret.env', before: bytes('KEY=abcdefghijklmnopqrstuvwx\n'), after: bytes('x\n') },
      // Created by the apply: the undo removed it, nothing to keep.
      { path: 'created.ts', before: null, after: bytes('x\n') },
      // Left alone by the undo (changed since the apply).
      {
        path: 'left.ts',
        before: bytes('quoted\n'),
        after: bytes('x\n'),
        beforeStat: { size: 4, mtime: 100 },
      },
    ];
    const restored = ['seen.ts', 'quoted.ts', 'edited.ts', 'secret.env', 'created.ts'];
    const kept = await restoredAsPrompted(files, restored, PROMPT, statNow);
    expect(Object.keys(kept).sort()).toEqual(['quoted.ts', 'secret.env', 'seen.ts']);
    expect(kept['seen.ts']).toEqual(NOW);
  });

  it('keeps nothing without a prompt to compare with', async () => {
    const files: AppliedFile[] = [
      { path: 'seen.ts', before: bytes('old\n'), after: null, beforeStat: { size: 4, mtime: 100 } },
    ];
    expect(await restoredAsPrompted(files, ['seen.ts'], null, statNow)).toEqual({});
  });
});
