import { type RefObject, useEffect } from 'react';
import { takeTreeFocus } from '../../project-files';

/**
 * After a folder is opened, the tree's current row takes keyboard focus as soon as the
 * complete tree is shown (the opening control has usually left the page, see
 * focus-after-open in project-files).
 */
export function useFocusTreeAfterOpen(
  scrollRef: RefObject<HTMLDivElement | null>,
  ready: boolean,
): void {
  // Every render until done: the virtualizer renders the rows a render after the tree.
  useEffect(() => {
    if (!ready) return;
    const row = scrollRef.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]');
    if (row && takeTreeFocus()) row.focus();
  });
}
