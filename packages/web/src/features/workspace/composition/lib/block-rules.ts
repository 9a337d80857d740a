import { type Block, PROJECT_ONLY_BLOCK_TYPES } from '@promptloom/core';

/** These block types need a project; standalone sessions hide and dim them. */
export const needsProject = (block: Pick<Block, 'type'>) =>
  PROJECT_ONLY_BLOCK_TYPES.has(block.type);
