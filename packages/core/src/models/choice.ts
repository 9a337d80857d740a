import {
  CUSTOM_MODEL_ID,
  DEFAULT_MODEL_ID,
  MODEL_PRESETS,
  type ModelPreset,
  type TokenizerId,
  findModelPreset,
  tokenBudget,
} from './presets';

/** What a project remembers of its model: the preset, an optional reserve, the Custom values. */
export interface ModelChoice {
  modelId: string;
  /** null: the preset's own answer reserve. */
  answerReserve: number | null;
  /** Used only when modelId is Custom. */
  customContextWindow: number;
  customTokenizer: TokenizerId;
}

export const DEFAULT_MODEL_CHOICE: ModelChoice = {
  modelId: DEFAULT_MODEL_ID,
  answerReserve: null,
  customContextWindow: findModelPreset(CUSTOM_MODEL_ID).contextWindow,
  customTokenizer: findModelPreset(CUSTOM_MODEL_ID).tokenizer,
};

/** A choice with its figures worked out: what the bar, the counter and the limits read. */
export interface ResolvedModel {
  preset: ModelPreset;
  contextWindow: number;
  /** Tokens kept free for the answer. */
  reserve: number;
  /** The token limit of a prompt: context window minus reserve. */
  budget: number;
  tokenizer: TokenizerId;
  /** false: the count is an estimate, shown with ≈. */
  exact: boolean;
}

/** A tokenizer counts exactly when a preset that uses it says so (Claude's estimate never does). */
export function tokenizerIsExact(tokenizer: TokenizerId): boolean {
  return MODEL_PRESETS.some((m) => m.tokenizer === tokenizer && m.exact);
}

export function resolveModel(choice: ModelChoice): ResolvedModel {
  const preset = findModelPreset(choice.modelId);
  const custom = preset.id === CUSTOM_MODEL_ID;
  const contextWindow = custom ? Math.max(1, choice.customContextWindow) : preset.contextWindow;
  const tokenizer = custom ? choice.customTokenizer : preset.tokenizer;
  const reserve = Math.min(
    contextWindow,
    Math.max(0, choice.answerReserve ?? preset.answerReserve),
  );
  return {
    preset,
    contextWindow,
    reserve,
    budget: tokenBudget(contextWindow, reserve),
    tokenizer,
    exact: custom ? tokenizerIsExact(tokenizer) : preset.exact,
  };
}
