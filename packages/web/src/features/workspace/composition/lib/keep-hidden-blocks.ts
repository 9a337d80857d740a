/** One block of a saved composition, in its saved order. */
export interface SavedItem {
  blockId: string;
  /** Not shown in this session (a project-only block in standalone mode). */
  hidden: boolean;
}

/**
 * The block ids to save when a composition loaded with some of its blocks hidden is
 * updated (decision 029: nothing lost without consent). Each hidden block goes back at its
 * saved position (or the end, when the list got shorter); a hidden block the user still
 * has in the composition is not added twice.
 */
export function keepHiddenBlocks(saved: readonly SavedItem[], current: readonly string[]) {
  const present = new Map<string, number>();
  for (const id of current) present.set(id, (present.get(id) ?? 0) + 1);
  const result = [...current];
  saved.forEach((item, index) => {
    if (!item.hidden) return;
    const left = present.get(item.blockId) ?? 0;
    if (left > 0) {
      present.set(item.blockId, left - 1);
      return;
    }
    result.splice(Math.min(index, result.length), 0, item.blockId);
  });
  return result;
}
