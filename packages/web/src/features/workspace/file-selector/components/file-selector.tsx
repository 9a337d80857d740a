import { FILE_ROW_HEIGHT_PX, FILE_ROW_OVERSCAN } from '#web/config/limits.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFileChanges,
  useFileTree,
  useFileView,
  useIgnoreView,
  useListingStore,
  usePartialTree,
  useTreeNavigation,
} from '../../project-files';
import { useFileSelection } from '../hooks/use-file-selection';
import { useFocusTreeAfterOpen } from '../hooks/use-focus-tree-after-open';
import { useTreeRows } from '../hooks/use-tree-rows';
import { useFileTokens } from '../../counting';
import { useSessionStore } from '../../session';
import { IgnoreViewControls } from './ignore-view-controls';
import { ListingProgress } from './listing-progress';
import { UnrepresentableNotice } from './unrepresentable-notice';
import { UploadedCopyNotice, useRefresh } from './uploaded-copy';
import { FileSelectorToolbar } from './file-selector-toolbar';
import { FileTreeRows } from './file-tree-rows';
import { type TreeState, TreeStatus } from './tree-status';

/** File selector: header, buttons, search and the virtualised tri-state tree. */
export function FileSelector() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const treeQuery = useFileTree();
  const tree = treeQuery.data;
  // Rows while the listing runs (decision 031), read-only until the tree is complete.
  const partialTree = usePartialTree((s) => s.tree);
  const shownTree = tree ?? partialTree ?? undefined;
  const showIgnored = useIgnoreView((s) => s.showIgnored);
  const cancelledStage = useListingStore((s) => s.cancelledStage);
  const changes = useFileChanges(tree);
  const selection = useFileSelection(tree, changes.changed);
  const fileTokens = useFileTokens();
  const { showSelectedOnly, showChangesOnly, expandedDirs, toggleExpanded } = useFileView();
  const [search, setSearch] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const refresh = useRefresh(() => void treeQuery.refetch(), treeQuery.isFetching);

  const { rows, selectedCounts, hiddenByPath, dirTokens } = useTreeRows({
    tree,
    partialTree,
    expanded: expandedDirs,
    showIgnored,
    showSelectedOnly,
    showChangesOnly,
    search,
    selected: selection.selected,
    changedSet: changes.changedSet,
    fileTokens,
  });

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => FILE_ROW_HEIGHT_PX,
    overscan: FILE_ROW_OVERSCAN,
  });

  const toggleCheck = (path: string, isDir: boolean) => {
    if (!tree) return; // still listing: the tree is not complete yet
    if (isDir) selection.toggleDirectory(path);
    else selection.toggleFile(path);
  };
  useFocusTreeAfterOpen(scrollRef, !!tree && rows.length > 0);
  const navigation = useTreeNavigation({
    rows,
    virtualizer,
    scrollRef,
    onExpand: toggleExpanded,
    onToggleCheck: (row) => {
      if (!row.node.hidden) toggleCheck(row.node.path, row.node.type === 'directory');
    },
  });

  const total = tree?.index.filePaths.length ?? 0;
  const title = showSelectedOnly
    ? t('fileSelector.titleSelected', { count: selection.selected.size })
    : showChangesOnly
      ? t('fileSelector.titleChanges', { count: changes.changed.length })
      : t('fileSelector.titleProject', {
          name: projectName ?? '',
          selected: selection.selected.size,
          total,
        });

  const state = treeStateOf({
    projectName,
    loading: treeQuery.isPending && treeQuery.fetchStatus !== 'idle',
    failed: treeQuery.isError,
    cancelled: cancelledStage === 'listing',
    listed: !!tree,
    total,
    rows: rows.length,
  });
  return (
    <section
      aria-labelledby="file-selector-title"
      className="flex h-full min-h-0 flex-col bg-white"
    >
      <FileSelectorToolbar
        titleId="file-selector-title"
        title={title}
        loading={treeQuery.isFetching}
        selection={selection}
        changedCount={changes.changed.length}
        totalFiles={total}
        search={search}
        onSearchChange={setSearch}
        onRefresh={refresh.refresh}
      />
      {refresh.dialog}
      <UploadedCopyNotice />
      <ListingProgress />
      <UnrepresentableNotice />
      {tree && <IgnoreViewControls hiddenCount={tree.hidden.length} />}
      {state ? (
        <TreeStatus state={state} onRefetch={() => void treeQuery.refetch()} />
      ) : (
        <FileTreeRows
          rows={rows}
          virtualizer={virtualizer}
          scrollRef={scrollRef}
          navigation={navigation}
          tree={tree}
          shownTree={shownTree}
          selected={selection.selected}
          selectedCounts={selectedCounts}
          hiddenByPath={hiddenByPath}
          dirTokens={dirTokens}
          fileTokens={fileTokens}
          changes={changes}
          onToggleExpand={toggleExpanded}
          onToggleCheck={toggleCheck}
        />
      )}
    </section>
  );
}

/** What the tree's place shows instead of rows, or null when there are rows to show. */
function treeStateOf(at: {
  projectName: string | null;
  loading: boolean;
  failed: boolean;
  cancelled: boolean;
  /** The complete tree is there. */
  listed: boolean;
  total: number;
  rows: number;
}): TreeState | null {
  if (!at.projectName) return 'noProject';
  if (at.loading && at.rows === 0) return 'loading';
  if (at.failed) return at.cancelled ? 'cancelled' : 'error';
  if (at.listed && at.total === 0) return 'empty';
  return at.rows === 0 ? 'noMatch' : null;
}
