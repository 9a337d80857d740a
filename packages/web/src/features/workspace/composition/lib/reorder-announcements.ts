import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from 'i18next';

/**
 * What the drag-and-drop live region says while a block is moved: its name and its position
 * among all, in the interface's language (dnd-kit's default names internal ids).
 */
export function reorderAnnouncements(
  ids: readonly UniqueIdentifier[],
  nameOf: (id: UniqueIdentifier) => string,
  t: TFunction,
): Announcements {
  const total = ids.length;
  const at = (id: UniqueIdentifier) => ({ position: ids.indexOf(id) + 1, total });
  return {
    onDragStart: ({ active }) =>
      t('workspace.composition.dnd.picked', { name: nameOf(active.id), ...at(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('workspace.composition.dnd.moved', { name: nameOf(active.id), ...at(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('workspace.composition.dnd.dropped', {
        name: nameOf(active.id),
        ...at(over?.id ?? active.id),
      }),
    onDragCancel: ({ active }) =>
      t('workspace.composition.dnd.cancelled', { name: nameOf(active.id), ...at(active.id) }),
  };
}
