import {
  CUSTOM_MODEL_ID,
  MODEL_PRESETS,
  type ModelChoice,
  type PromptFormat,
  type TokenizerId,
} from '@promptloom/core';

/** What a history entry keeps of the model it was counted for. */
export interface EntryModel {
  id: string;
  tokenizer: TokenizerId;
  budget: number;
  format: PromptFormat;
}

/**
 * The model choice that gives an entry's model back: its preset, the answer reserve that
 * made its budget (null when it is the preset's own), and for Custom its tokenizer and a
 * window of the budget (the reserve is not kept apart).
 */
export function modelChoiceOf(
  model: EntryModel,
): Partial<ModelChoice & { promptFormat: PromptFormat }> {
  const preset = MODEL_PRESETS.find((p) => p.id === model.id);
  if (!preset) return {};
  const format = { promptFormat: model.format };
  if (preset.id === CUSTOM_MODEL_ID) {
    return {
      ...format,
      modelId: preset.id,
      answerReserve: 0,
      customContextWindow: model.budget,
      customTokenizer: model.tokenizer,
    };
  }
  const reserve = preset.contextWindow - model.budget;
  return {
    ...format,
    modelId: preset.id,
    answerReserve: reserve === preset.answerReserve || reserve < 0 ? null : reserve,
  };
}
