import { type Block, PROJECT_ONLY_BLOCK_TYPES } from '@promptloom/core';

/** These block types need a project; standalone sessions hide and dim them. */
export const needsProject = (block: Pick<Block, 'type'>) =>
  PROJECT_ONLY_BLOCK_TYPES.has(block.type);

/**
 * Where a block added from the library goes: before the request when the composition ends
 * with it (the request reads best last, after what it is about), else at the end. A request
 * block itself goes at the end.
 */
export function libraryInsertIndex(
  items: readonly { blockId: string }[],
  typeOf: (blockId: string) => Block['type'] | undefined,
  added: Pick<Block, 'type'>,
): number {
  let index = items.length;
  if (added.type === 'DYNAMIC_TASK') return index;
  while (index > 0 && typeOf(items[index - 1]!.blockId) === 'DYNAMIC_TASK') index--;
  return index;
}
