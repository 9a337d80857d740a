import type { ApplyPlan, FileText, PlannedFile } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import type { AnswerPlanner } from './answer-planner';
import { lostTexts, reviewAnswer, unwritten } from './review';

const file = (path: string, status: PlannedFile['status'], extra: Partial<PlannedFile> = {}) =>
  ({
    path,
    status,
    format: 'search-replace',
    before: 'old\n',
    after: status === 'modified' ? 'new\n' : 'old\n',
    added: status === 'modified' ? 1 : 0,
    removed: status === 'modified' ? 1 : 0,
    wholeFile: false,
    alreadyApplied: 0,
    failures: [],
    ...extra,
  }) satisfies PlannedFile;

/** A planner that answers a fixed plan, keeping what it was given. */
function fixedPlanner(plan: ApplyPlan) {
  const seen: { files?: ReadonlyMap<string, Uint8Array | null> } = {};
  const planner: AnswerPlanner = {
    parse: () => Promise.resolve({ parseId: 1, paths: plan.files.map((f) => f.path) }),
    plan: (_id, files) => {
      seen.files = files;
      const texts = new Map<string, FileText | null>([['a.ts', { text: 'a.ts now\n' }]]);
      return Promise.resolve({ plan, texts });
    },
  };
  return { planner, seen };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('reviewAnswer', () => {
  const plan: ApplyPlan = {
    files: [
      file('a.ts', 'modified', { alreadyApplied: 1 }),
      file('done.ts', 'unchanged', { alreadyApplied: 2 }),
      file('bad.ts', 'failed'),
      file('whole.ts', 'modified', { wholeFile: true }),
    ],
    failures: [],
  };
  const sources = (planner: AnswerPlanner, signal?: AbortSignal) => ({
    read: (path: string) => Promise.resolve(bytes(`${path} now\n`)),
    // whole.ts changed since the prompt: its text then differs from now.
    previous: {
      at: '2026-11-28T00:00:00.000Z',
      structure: {},
      contents: { 'whole.ts': 'whole.ts then\n' },
    },
    statOf: () => undefined,
    planner,
    signal,
  });

  it('checks only what applies cleanly: not a failed file, not one already applied, not a stale rewrite', async () => {
    const { planner, seen } = fixedPlanner(plan);
    const review = await reviewAnswer('answer', sources(planner));
    expect([...review.checked]).toEqual(['a.ts']);
    expect([...review.staleSincePrompt]).toEqual(['whole.ts']);
    // The planner got the files' bytes as the page read them; the review keeps its texts.
    expect(seen.files?.get('a.ts')).toEqual(bytes('a.ts now\n'));
    expect(review.reviewed.get('done.ts')).toEqual(bytes('done.ts now\n'));
    expect(review.texts.get('a.ts')).toEqual({ text: 'a.ts now\n' });
  });

  it('says why each unwritten file is not written', async () => {
    const review = await reviewAnswer('answer', sources(fixedPlanner(plan).planner));
    review.checked.delete('a.ts');
    expect(unwritten(review)).toEqual([
      { path: 'a.ts', reason: 'unchecked' },
      { path: 'done.ts', reason: 'unchanged' },
      { path: 'bad.ts', reason: 'failed' },
      { path: 'whole.ts', reason: 'stale' },
    ]);
  });

  it('stops before planning when cancelled while the files are read', async () => {
    const reading = new AbortController();
    let planned = false;
    const planner: AnswerPlanner = {
      parse: () => Promise.resolve({ parseId: 1, paths: ['a.ts'] }),
      plan: () => {
        planned = true;
        return Promise.resolve({ plan, texts: new Map() });
      },
    };
    const review = reviewAnswer('answer', {
      ...sources(planner, reading.signal),
      read: () => {
        reading.abort();
        return Promise.resolve(null);
      },
    });
    await expect(review).rejects.toMatchObject({ name: 'AbortError' });
    expect(planned).toBe(false);
  });
  it("reads an offered answer's paths beside its parse, and only the parse's paths", async () => {
    const paths = plan.files.map((f) => f.path);
    for (const offered of [paths, ['other.ts']]) {
      const { planner, seen } = fixedPlanner(plan);
      let parsed = false;
      const read: string[] = [];
      const early: boolean[] = [];
      const review = await reviewAnswer('answer', {
        ...sources({
          ...planner,
          offeredPaths: () => Promise.resolve(offered),
          parse: (...args) => planner.parse(...args).finally(() => (parsed = true)),
        }),
        read: (path: string) => {
          read.push(path);
          early.push(!parsed);
          return Promise.resolve(bytes(`${path} now\n`));
        },
      });
      expect([...seen.files!.keys()].sort()).toEqual([...paths].sort());
      expect(review.reviewed.get('a.ts')).toEqual(bytes('a.ts now\n'));
      if (offered === paths) {
        // Read once each, started before the parse answered.
        expect(read.sort()).toEqual([...paths].sort());
        expect(early.every(Boolean)).toBe(true);
      } else {
        expect(read.filter((p) => paths.includes(p)).length).toBe(paths.length);
      }
    }
  });
});

describe('lostTexts', () => {
  it('names files deleted or replaced by a moved one, never the old path of a rename', () => {
    const files = [
      file('gone.ts', 'deleted', { after: null }),
      file('b.ts', 'renamed', { oldPath: 'a.ts' }),
      file('Case.ts', 'renamed', { oldPath: 'case.ts' }),
      file('taken.ts', 'renamed', { oldPath: 'c.ts', replacesDeleted: true }),
      file('kept.ts', 'modified'),
    ];
    expect(lostTexts(files)).toEqual(['gone.ts', 'taken.ts']);
  });
});
