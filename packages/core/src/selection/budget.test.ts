import { describe, expect, it } from 'vitest';
import { MAX_SELECTED_FILES } from '../limits';
import { findModelPreset, tokenBudget } from '../models/presets';
import { checkTokenBudget, selectionGrows } from './budget';
import { toggleSelectAll } from './selection';

describe('the token budget is the selection limit', () => {
  it('accepts a prompt that fits, refuses one over with the budget and the overrun', () => {
    expect(checkTokenBudget(200_000, 200_000)).toEqual({ ok: true });
    expect(checkTokenBudget(201_500, 200_000)).toEqual({
      ok: false,
      reason: 'budget',
      tokens: 201_500,
      budget: 200_000,
      over: 1_500,
    });
  });

  it('453 files that fit a Gemini budget are not refused for their number', () => {
    const files = Array.from({ length: 453 }, (_, i) => `src/node/f${i}.ts`);
    expect(toggleSelectAll(files, new Set())).toMatchObject({ ok: true });
    const gemini = findModelPreset('gemini-2.5-pro');
    const budget = tokenBudget(gemini.contextWindow, gemini.answerReserve);
    // About 2,000 tokens a file: 0.9M tokens fit the 1M window.
    expect(checkTokenBudget(453 * 2_000, budget)).toEqual({ ok: true });
  });

  it('keeps a documented safety cap of at least 10,000 files', () => {
    expect(MAX_SELECTED_FILES).toBeGreaterThanOrEqual(10_000);
    const files = Array.from({ length: MAX_SELECTED_FILES + 1 }, (_, i) => `f${i}`);
    expect(toggleSelectAll(files, new Set())).toMatchObject({ ok: false, reason: 'limit' });
  });

  it('only a growing selection is checked', () => {
    const current = new Set(['a', 'b']);
    expect(selectionGrows(['a'], current)).toBe(false);
    expect(selectionGrows(new Set(['a', 'b']), current)).toBe(false);
    expect(selectionGrows(['a', 'c'], current)).toBe(true);
  });
});
