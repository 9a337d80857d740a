import type { PromptItem } from '@promptloom/core';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./tokenizer-client', () => ({
  tokenizer: {
    estimated: false,
    countManyHashed: (texts: string[]) =>
      Promise.resolve({ counts: texts.map((t) => t.length), hashes: null }),
  },
}));

const { blockCost } = await import('./structure-costs');

const ANSWER_FORMAT: PromptItem = { type: 'ANSWER_FORMAT', content: '', isActive: true };
const sources = (mode: 'PROJECT' | 'STANDALONE') => ({
  mode,
  projectName: mode === 'PROJECT' ? 'demo' : null,
  provider: null,
  tree: undefined,
  format: 'sections' as const,
  selectedFiles: [],
});

describe('blockCost', () => {
  it('counts nothing, and fails nothing, while the project folder is not listed yet', async () => {
    await expect(blockCost(sources('PROJECT'), ANSWER_FORMAT, 'cl100k_base')).resolves.toBeNull();
  });

  it('counts a block that needs no project without one', async () => {
    expect(await blockCost(sources('STANDALONE'), ANSWER_FORMAT, 'cl100k_base')).toBeGreaterThan(0);
  });
});
