/** One entry of the modal's preview list; the same block may appear more than once. */
export interface PreviewItem {
  instanceId: string;
  blockId: string;
  isActive: boolean;
}

export const newPreviewItem = (blockId: string): PreviewItem => ({
  instanceId: crypto.randomUUID(),
  blockId,
  isActive: true,
});

/**
 * A click on an available block adds it when absent and otherwise removes its last
 * instance, as in the workspace library.
 */
export function toggleBlock(items: readonly PreviewItem[], blockId: string): PreviewItem[] {
  const last = items.findLastIndex((item) => item.blockId === blockId);
  if (last === -1) return [...items, newPreviewItem(blockId)];
  return items.filter((_, index) => index !== last);
}
