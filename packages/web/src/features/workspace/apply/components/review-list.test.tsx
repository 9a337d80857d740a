import type { PlannedFile } from '@promptloom/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '#web/lib/i18n.ts';
import { useApplyStore } from '../stores/apply-store';
import { ReviewList } from './review-list';

const modified = (path: string) =>
  ({
    path,
    status: 'modified',
    format: 'search-replace',
    before: 'a\n',
    after: 'b\n',
    added: 1,
    removed: 1,
    wholeFile: false,
    alreadyApplied: 0,
    failures: [],
  }) satisfies PlannedFile;

const rows = () => screen.getAllByRole<HTMLInputElement>('checkbox');

/** Runs the frames (and the tasks queued after them) due within `ms`. */
const frames = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the review list of a large answer', () => {
  it('draws a screen of rows with the review, then a slice more after each frame', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const files = Array.from({ length: 40 }, (_, k) => modified(`src/f${k}.ts`));
    useApplyStore.setState({
      review: {
        plan: { files, failures: [] },
        reviewed: new Map(),
        staleSincePrompt: new Set(),
        checked: new Set(files.map((f) => f.path)),
        texts: new Map(),
      },
    });
    render(<ReviewList files={files} />);
    expect(rows()).toHaveLength(16);
    expect(rows()[0]!.getAttribute('aria-label')).toBe('src/f0.ts');
    await frames(20);
    expect(rows()).toHaveLength(32);
    await frames(20);
    expect(rows()).toHaveLength(40);
    expect(rows().at(-1)!.getAttribute('aria-label')).toBe('src/f39.ts');
    expect(rows().every((row) => row.checked)).toBe(true);
  });
});
