import { describe, expect, it } from 'vitest';
import { modelChoiceOf } from './model-choice-of';

describe('modelChoiceOf: a history entry gives its model back', () => {
  it("keeps the preset's own reserve as null, and any other reserve as the difference", () => {
    const own = modelChoiceOf({
      id: 'gpt-4o',
      tokenizer: 'o200k_base',
      budget: 128_000 - 16_384,
      format: 'markdown',
    });
    expect(own).toEqual({ modelId: 'gpt-4o', answerReserve: null, promptFormat: 'markdown' });
    const changed = modelChoiceOf({
      id: 'gpt-4o',
      tokenizer: 'o200k_base',
      budget: 100_000,
      format: 'xml',
    });
    expect(changed).toEqual({ modelId: 'gpt-4o', answerReserve: 28_000, promptFormat: 'xml' });
  });

  it('gives Custom its tokenizer and a window of the budget', () => {
    expect(
      modelChoiceOf({ id: 'custom', tokenizer: 'llama3', budget: 4_000, format: 'sections' }),
    ).toEqual({
      modelId: 'custom',
      answerReserve: 0,
      customContextWindow: 4_000,
      customTokenizer: 'llama3',
      promptFormat: 'sections',
    });
  });

  it('changes nothing for a model that is no longer offered', () => {
    expect(
      modelChoiceOf({ id: 'gone-model', tokenizer: 'cl100k_base', budget: 1, format: 'xml' }),
    ).toEqual({});
  });
});
