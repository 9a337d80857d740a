import { type AnswerFormatMode, DEFAULT_ANSWER_FORMAT } from '@promptloom/core';
import type { PromptSources } from './prompt-input';

/** The answer format the prompt asks for, when an active ANSWER_FORMAT block asks for one. */
export function activeAnswerFormat(
  sources: Pick<PromptSources, 'composition' | 'blocksById' | 'answerFormats'>,
): AnswerFormatMode | undefined {
  const item = sources.composition.find(
    (item) => item.isActive && sources.blocksById.get(item.blockId)?.type === 'ANSWER_FORMAT',
  );
  return item && (sources.answerFormats?.[item.instanceId] ?? DEFAULT_ANSWER_FORMAT);
}
