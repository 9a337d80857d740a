import { CUSTOM_MODEL_ID, DEFAULT_MODEL_ID } from '@promptloom/core';
import type { TFunction } from 'i18next';
import type { PromptModelInfo } from './prompt-generated';

/** A model's name as the user reads it: Default and Custom are words, the rest proper names. */
export function modelLabel(
  t: TFunction,
  model: Pick<PromptModelInfo, 'id' | 'label' | 'tokenizer'>,
): string {
  if (model.id === DEFAULT_MODEL_ID) return t('workspace.model.default');
  if (model.id === CUSTOM_MODEL_ID) {
    return `${t('workspace.model.custom')} (${t(`workspace.model.tokenizers.${model.tokenizer}`)})`;
  }
  return model.label;
}
