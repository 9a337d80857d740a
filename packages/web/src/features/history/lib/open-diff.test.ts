import type { ReadResult } from '@promptloom/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHistoryStore } from '../store';
import { createMemoryHistoryStorage } from './history-storage';
import { resolveDiff } from './open-diff';

async function historyWith(contents: Record<string, string> | null) {
  const history = createHistoryStore(createMemoryHistoryStorage());
  if (contents) {
    await history.add(
      {
        projectName: 'alpha',
        generatedPrompt: 'p',
        currentComposition: [],
        selectedFiles: Object.keys(contents),
        finalRequest: '',
        totalTokens: 1,
        fileStructureSnapshot: {},
        fileContentSnapshot: contents,
      },
      42,
    );
  }
  return history;
}

const reading =
  (result: ReadResult | null | Error) =>
  (path: string): Promise<ReadResult | null> =>
    result instanceof Error
      ? Promise.reject(result)
      : Promise.resolve(result && { ...result, path });

describe('resolveDiff', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('pairs the latest snapshot with the current content', async () => {
    const history = await historyWith({ 'src/a.ts': 'old\n' });
    const outcome = await resolveDiff('alpha', 'src/a.ts', {
      history,
      readCurrentFile: reading({ ok: true, path: '', text: 'new\n' }),
    });
    expect(outcome).toEqual({
      ok: true,
      filePath: 'src/a.ts',
      oldContent: 'old\n',
      newContent: 'new\n',
      snapshotAt: 42,
      redacted: false,
    });
  });

  it('compares a file the last prompt held redacted as redacted: unchanged reads equal', async () => {
    const history = await historyWith({ '.env': 'A=1\nTOKEN=[REDACTED:github-token]\n' });
    const token = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const same = await resolveDiff('alpha', '.env', {
      history,
      readCurrentFile: reading({ ok: true, path: '', text: `A=1\nTOKEN=${token}\n` }),
    });
    expect(same).toMatchObject({ ok: true, newContent: 'A=1\nTOKEN=[REDACTED:github-token]\n' });
    expect(same).toMatchObject({ redacted: true });
    const changed = await resolveDiff('alpha', '.env', {
      history,
      readCurrentFile: reading({ ok: true, path: '', text: `A=2\nTOKEN=${token}\n` }),
    });
    expect(changed).toMatchObject({ newContent: 'A=2\nTOKEN=[REDACTED:github-token]\n' });
  });

  it.each([
    ['noHistoryForDiff', null, { ok: true, path: '', text: '' }],
    ['noSnapshotForDiff', {}, { ok: true, path: '', text: '' }],
    ['fileNotInSnapshot', { 'other.ts': 'x' }, { ok: true, path: '', text: '' }],
    [
      'fileNotFound',
      { 'src/a.ts': 'x' },
      { ok: false, path: '', reason: 'unreadable', message: 'src/a.ts: File not found: src/a.ts' },
    ],
    [
      'cannotReadFile',
      { 'src/a.ts': 'x' },
      { ok: false, path: '', reason: 'binary', message: 'Binary file left out' },
    ],
    ['errorFetchingFile', { 'src/a.ts': 'x' }, null],
    ['errorFetchingFile', { 'src/a.ts': 'x' }, new Error('boom')],
  ] as const)('reports %s', async (error, contents, current) => {
    // A read that fails is logged for the developer as well as reported to the user.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const history = await historyWith(contents);
    const outcome = await resolveDiff('alpha', 'src/a.ts', {
      history,
      readCurrentFile: reading(current),
    });
    expect(outcome).toMatchObject({ ok: false, error });
    // Once the last prompt's version is known, the viewer can still show it.
    const known = contents !== null && Object.hasOwn(contents, 'src/a.ts');
    expect(outcome).toEqual(
      known
        ? { ok: false, error, earlier: { oldContent: 'x', snapshotAt: 42 } }
        : { ok: false, error },
    );
  });
});
