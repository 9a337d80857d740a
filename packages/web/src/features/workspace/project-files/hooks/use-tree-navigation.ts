import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { treeKeyAction, typeAheadIndex } from '../lib/tree-keys';
import type { TreeRow } from '../lib/tree-rows';

/** How long typed letters add up to one type-ahead search. */
const TYPE_AHEAD_MS = 600;

/** The props that make a row one stop of the tree's roving tabindex. */
export interface TreeItemProps {
  tabIndex: 0 | -1;
  'data-tree-path': string;
  onFocus: () => void;
}

/**
 * Keyboard access to the virtualised file tree (ARIA tree pattern): one row holds
 * tabindex 0 (roving tabindex); the keys of treeKeyAction move it, open and close folders
 * and toggle the selection; letters jump by type-ahead. A row out of view is scrolled in
 * by the virtualizer first, then focused once it is rendered.
 */
export function useTreeNavigation({
  rows,
  virtualizer,
  scrollRef,
  onExpand,
  onToggleCheck,
}: {
  rows: readonly TreeRow[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  onExpand: (path: string) => void;
  onToggleCheck: (row: TreeRow) => void;
}) {
  const [activePath, setActivePath] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const typed = useRef({ text: '', at: 0 });
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.node.path === activePath),
  );
  const current = rows[activeIndex]?.node.path ?? null;

  // After a move, focus the row as soon as the virtualizer has rendered it.
  useEffect(() => {
    const path = pendingFocus.current;
    if (!path) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(
      `[data-tree-path="${CSS.escape(path)}"]`,
    );
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  });

  const focusIndex = (index: number) => {
    const row = rows[index];
    if (!row) return;
    pendingFocus.current = row.node.path;
    setActivePath(row.node.path);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // The row, or one of its inner controls taken out of the tab order (the checkbox, the
    // chevron, the name, focused by a click): those act as the row, except Space and Enter,
    // which they answer themselves. Other controls (a row's menu) keep their keys.
    const target = event.target as HTMLElement;
    const item = target.closest<HTMLElement>('[role="treeitem"]');
    if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target !== item && (target.tabIndex !== -1 || event.key === ' ' || event.key === 'Enter'))
      return;
    const index = rows.findIndex((row) => row.node.path === item.dataset.treePath);
    if (index < 0) return;
    const action = treeKeyAction(rows, index, event.key);
    if (action) {
      event.preventDefault();
      // Moving by a key ends a type-ahead search: the next letter starts a new one.
      typed.current = { text: '', at: 0 };
      const row = rows[action.index]!;
      if (action.kind === 'focus') focusIndex(action.index);
      else if (action.kind === 'toggle-check') onToggleCheck(row);
      else if (row.expanded !== (action.kind === 'expand')) onExpand(row.node.path);
      return;
    }
    // Letters, digits and the usual name characters; `/` and `?` stay shortcuts.
    if (/^[\p{L}\p{N}._-]$/u.test(event.key)) {
      event.preventDefault();
      const now = Date.now();
      const text = (now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text : '') + event.key;
      typed.current = { text, at: now };
      const next = typeAheadIndex(rows, index, text);
      if (next >= 0) focusIndex(next);
    }
  };

  const itemProps = (path: string): TreeItemProps => ({
    tabIndex: path === current ? 0 : -1,
    'data-tree-path': path,
    onFocus: () => {
      if (path !== activePath) setActivePath(path);
    },
  });

  return { onKeyDown, itemProps };
}
