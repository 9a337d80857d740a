import type { Block, BlockType } from '@promptloom/core';

/** These block types need a project; standalone sessions hide and dim them. */
export const PROJECT_ONLY_TYPES: ReadonlySet<BlockType> = new Set([
  'PROJECT_STRUCTURE',
  'SELECTED_FILES_CONTENT',
]);

export const needsProject = (block: Pick<Block, 'type'>) => PROJECT_ONLY_TYPES.has(block.type);
