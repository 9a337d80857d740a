import { type KeyboardCoordinateGetter, type UniqueIdentifier } from '@dnd-kit/core';

/**
 * Up/Down move a picked-up composition block exactly one position, whatever the
 * rows' heights (a block with the request box is several rows tall): the dragged block's
 * centre goes onto the centre of the next item in that direction, so `closestCenter` picks
 * that item. Rects are dnd-kit's transform-agnostic ones (the items' places at pick-up).
 */
export const oneItemStep: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const down = event.code === 'ArrowDown';
  if (!down && event.code !== 'ArrowUp') return undefined;
  event.preventDefault();
  const { active, over, droppableRects, collisionRect } = context;
  if (!active || !collisionRect) return undefined;
  const items = (active.data.current?.sortable as { items?: UniqueIdentifier[] } | undefined)
    ?.items;
  if (!items) return undefined;
  const index = items.indexOf(over?.id ?? active.id);
  const target = items[index + (down ? 1 : -1)];
  const rect = target === undefined ? undefined : droppableRects.get(target);
  if (index < 0 || !rect) return undefined;
  const shift = rect.top + rect.height / 2 - (collisionRect.top + collisionRect.height / 2);
  return { ...currentCoordinates, y: currentCoordinates.y + shift };
};
