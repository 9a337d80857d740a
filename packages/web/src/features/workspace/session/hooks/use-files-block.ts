import type { Block } from '@promptloom/core';
import { usePromptStore } from '../stores/prompt-store';
import { type CompositionItem } from '../stores/prompt-state';

type BlocksById = ReadonlyMap<string, Pick<Block, 'type' | 'isSystemBlock' | 'id'>>;

const isFilesBlock = (item: CompositionItem, blocksById: BlocksById) =>
  blocksById.get(item.blockId)?.type === 'SELECTED_FILES_CONTENT';

/** Whether an active block of the composition puts the selected files in the prompt. */
export function compositionHasFiles(
  composition: readonly CompositionItem[],
  blocksById: BlocksById,
): boolean {
  return composition.some((item) => item.isActive && isFilesBlock(item, blocksById));
}

/**
 * Makes the composition put the selected files in the prompt, in one step: turns a files
 * block that is off back on, else adds the user's files block before the request (where the
 * built-in composition has it), else at the end. Returns false when the user has no files
 * block at all.
 */
export function addFilesBlock(project: string, blocks: readonly Block[]): boolean {
  const store = usePromptStore.getState();
  const composition = store.projects[project]?.currentComposition ?? [];
  const blocksById = new Map(blocks.map((b) => [b.id, b]));
  const inactive = composition.find((item) => !item.isActive && isFilesBlock(item, blocksById));
  if (inactive) {
    store.toggleActive(project, inactive.instanceId);
    return true;
  }
  const ofType = blocks.filter((b) => b.type === 'SELECTED_FILES_CONTENT');
  const block = ofType.find((b) => b.isSystemBlock) ?? ofType[0];
  if (!block) return false;
  const task = composition.findIndex(
    (item) => blocksById.get(item.blockId)?.type === 'DYNAMIC_TASK',
  );
  store.insertBlock(project, block.id, task === -1 ? composition.length : task);
  return true;
}
