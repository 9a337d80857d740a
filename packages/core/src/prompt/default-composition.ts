import type { Block, BlockType } from '../contract/blocks';
import type { CompositionItem } from '../contract/compositions';

/**
 * What a new project's composition holds when the user chose none: the project's tree, the
 * selected files' content, the answer format, then the request. With it, ticking files puts
 * them in the first prompt (an empty composition gave a prompt of the request alone), and the
 * answer comes back in a form "Apply answer" reads (decision 092).
 */
export const BUILT_IN_COMPOSITION_TYPES = [
  'PROJECT_STRUCTURE',
  'SELECTED_FILES_CONTENT',
  'ANSWER_FORMAT',
  'DYNAMIC_TASK',
] as const satisfies readonly BlockType[];

type BlockSummary = Pick<Block, 'id' | 'type' | 'isSystemBlock'>;

/**
 * The block ids a new project starts with: the user's default composition (settings) while it
 * exists and all its blocks do, else one block of each built-in type, the user's system block
 * of that type first (a type with no block is left out).
 */
export function defaultCompositionBlockIds(
  blocks: readonly BlockSummary[],
  compositions: readonly {
    id: string;
    blocks: readonly Pick<CompositionItem, 'blockId' | 'order'>[];
  }[],
  defaultCompositionId: string | null,
): string[] {
  const known = new Set(blocks.map((block) => block.id));
  const chosen = compositions.find((composition) => composition.id === defaultCompositionId);
  if (chosen && chosen.blocks.length > 0 && chosen.blocks.every((b) => known.has(b.blockId))) {
    return [...chosen.blocks].sort((a, b) => a.order - b.order).map((item) => item.blockId);
  }
  const ids: string[] = [];
  for (const type of BUILT_IN_COMPOSITION_TYPES) {
    const ofType = blocks.filter((block) => block.type === type);
    const block = ofType.find((b) => b.isSystemBlock) ?? ofType[0];
    if (block) ids.push(block.id);
  }
  return ids;
}
