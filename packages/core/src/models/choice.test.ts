import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_CHOICE, resolveModel } from './choice';
import { MAX_TOKENS, TOKEN_ENCODING } from '../limits';

describe('a project model choice resolved to a budget', () => {
  it('the default is cl100k_base against 200,000, exact', () => {
    const model = resolveModel(DEFAULT_MODEL_CHOICE);
    expect(model.tokenizer).toBe(TOKEN_ENCODING);
    expect(model.budget).toBe(MAX_TOKENS);
    expect(model.exact).toBe(true);
  });

  it('the budget is the context window minus the reserve, the preset reserve unless changed', () => {
    const gpt4o = resolveModel({ ...DEFAULT_MODEL_CHOICE, modelId: 'gpt-4o' });
    expect(gpt4o).toMatchObject({ contextWindow: 128_000, reserve: 16_384, budget: 111_616 });
    expect(gpt4o.tokenizer).toBe('o200k_base');
    const changed = resolveModel({
      ...DEFAULT_MODEL_CHOICE,
      modelId: 'gpt-4o',
      answerReserve: 1_000,
    });
    expect(changed.budget).toBe(127_000);
    const tooBig = resolveModel({ ...DEFAULT_MODEL_CHOICE, modelId: 'gpt-4o', answerReserve: 1e9 });
    expect(tooBig.budget).toBe(0);
  });

  it('Gemini has a budget of at least 1,000,000; Claude is an estimate', () => {
    expect(
      resolveModel({ ...DEFAULT_MODEL_CHOICE, modelId: 'gemini-2.5-pro' }).budget,
    ).toBeGreaterThanOrEqual(1_000_000);
    expect(resolveModel({ ...DEFAULT_MODEL_CHOICE, modelId: 'claude-sonnet' }).exact).toBe(false);
  });

  it('Custom takes its window and tokenizer from the choice, exact only for an exact tokenizer', () => {
    const custom = { ...DEFAULT_MODEL_CHOICE, modelId: 'custom', customContextWindow: 32_000 };
    expect(resolveModel({ ...custom, customTokenizer: 'llama3' })).toMatchObject({
      budget: 32_000,
      tokenizer: 'llama3',
      exact: true,
    });
    expect(resolveModel({ ...custom, customTokenizer: 'claude-estimate' }).exact).toBe(false);
  });

  it('the cl100k_base models have their own windows: GPT-4 8k and 32k, GPT-3.5 16k, Turbo 128k', () => {
    const windowOf = (modelId: string) => {
      const model = resolveModel({ ...DEFAULT_MODEL_CHOICE, modelId });
      expect(model.tokenizer, modelId).toBe('cl100k_base');
      return [model.contextWindow, model.budget];
    };
    expect(windowOf('gpt-4')).toEqual([8_192, 8_192 - 2_048]);
    expect(windowOf('gpt-4-32k')).toEqual([32_768, 32_768 - 4_096]);
    expect(windowOf('gpt-3.5-turbo')).toEqual([16_385, 16_385 - 4_096]);
    expect(windowOf('gpt-4-turbo')).toEqual([128_000, 128_000 - 4_096]);
  });

  it('an unknown stored id falls back to the default', () => {
    expect(resolveModel({ ...DEFAULT_MODEL_CHOICE, modelId: 'gone' }).preset.id).toBe('default');
  });
});
