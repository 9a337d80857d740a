import type { AnswerFormatMode } from '@promptloom/core';
import { createInstanceModes } from './instance-modes';

/**
 * The form each ANSWER_FORMAT instance asks the model for (decision 047; absent: the
 * default), kept as the structure modes are.
 */
export const useAnswerFormats = createInstanceModes<AnswerFormatMode>(
  'promptloom-answer-formats',
  'answer formats',
);
