import { blockCategory, DEFAULT_CATEGORY, type Block } from '@promptloom/core';

export interface BlockGroup<T extends Block = Block> {
  key: string;
  /** The category name, or null for the system group (the caller labels it). */
  category: string | null;
  isSystem: boolean;
  blocks: T[];
}

/**
 * Groups blocks for display: system blocks first in their own group,
 * then categories alphabetically with 'Sans catégorie' last. Order within a group is kept.
 */
export function groupBlocks<T extends Block>(blocks: readonly T[]): BlockGroup<T>[] {
  const system: T[] = [];
  const byCategory = new Map<string, T[]>();
  for (const block of blocks) {
    if (block.isSystemBlock) {
      system.push(block);
      continue;
    }
    const category = blockCategory(block);
    const list = byCategory.get(category) ?? [];
    list.push(block);
    byCategory.set(category, list);
  }
  const rank = (name: string) => (name === DEFAULT_CATEGORY.uncategorised ? 1 : 0);
  const groups: BlockGroup<T>[] = [...byCategory.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'fr'))
    .map(([category, list]) => ({ key: category, category, isSystem: false, blocks: list }));
  if (system.length > 0) {
    groups.unshift({ key: '__system', category: null, isSystem: true, blocks: system });
  }
  return groups;
}
