import { ancestorDirectories, directoryCheckState } from '@promptloom/core';
import { FILE_ROW_HEIGHT_PX, FILE_ROW_OVERSCAN } from '../../../../config/limits';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useChangesSource,
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
import { HiddenRow } from './hidden-row';
import { IgnoreViewControls } from './ignore-view-controls';
import { ListingProgress } from './listing-progress';
import { UnrepresentableNotice } from './unrepresentable-notice';
import { UploadedCopyNotice, useRefresh } from './uploaded-copy';
import { FileRow } from './file-row';
import { useSuggestedPaths } from '../../suggest';
import { RowModeMenu } from './row-mode-menu';
import { FileSelectorToolbar } from './file-selector-toolbar';
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
  const openDiff = useChangesSource((s) => s.openDiff);
  // A diff needs the file's text in the last prompt: without it there is no Diff button.
  const earlier = useChangesSource((s) => (projectName ? s.prompts[projectName]?.contents : null));
  const {
    showSelectedOnly,
    showChangesOnly,
    expandedDirs: expanded,
    toggleExpanded,
  } = useFileView();
  const [search, setSearch] = useState('');
  const suggested = useSuggestedPaths();
  // A folder holding suggested files says so, as its files do, while they are hidden under it.
  const suggestedDirs = useMemo(() => ancestorDirectories(suggested), [suggested]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeHintId = useId();
  const refresh = useRefresh(() => void treeQuery.refetch(), treeQuery.isFetching);

  const { rows, selectedCounts, hiddenByPath, dirTokens } = useTreeRows({
    tree,
    partialTree,
    expanded,
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

  const toggleExpand = toggleExpanded;
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
    onExpand: toggleExpand,
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

  const state: TreeState | null = !projectName
    ? 'noProject'
    : treeQuery.isPending && treeQuery.fetchStatus !== 'idle' && rows.length === 0
      ? 'loading'
      : treeQuery.isError
        ? cancelledStage === 'listing'
          ? 'cancelled'
          : 'error'
        : tree && total === 0
          ? 'empty'
          : rows.length === 0
            ? 'noMatch'
            : null;
  let body: React.ReactNode;
  if (state) {
    body = <TreeStatus state={state} onRefetch={() => void treeQuery.refetch()} />;
  } else {
    body = (
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto"
        data-testid="file-tree-scroll"
      >
        <div
          role="tree"
          aria-label={t('fileSelector.treeLabel')}
          aria-describedby={treeHintId}
          onKeyDown={navigation.onKeyDown}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const { node } = row;
            const isDir = node.type === 'directory';
            const dirFiles = isDir ? (shownTree?.index.filesByDirectory.get(node.path) ?? []) : [];
            const place = {
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start}px)`,
            } as const;
            if (node.hidden) {
              return (
                <div key={`hidden:${node.path}`} style={place}>
                  <HiddenRow
                    row={row}
                    entry={hiddenByPath.get(node.path)}
                    itemProps={navigation.itemProps(node.path)}
                  />
                </div>
              );
            }
            return (
              <div key={node.path} style={place}>
                <FileRow
                  row={row}
                  itemProps={navigation.itemProps(node.path)}
                  check={
                    isDir && shownTree
                      ? directoryCheckState(shownTree.index, node.path, selectedCounts)
                      : selection.selected.has(node.path)
                        ? 'checked'
                        : 'unchecked'
                  }
                  counts={
                    // While listing (no complete tree yet) a folder's count is not known.
                    isDir && tree
                      ? { selected: selectedCounts.get(node.path) ?? 0, total: dirFiles.length }
                      : undefined
                  }
                  tokens={isDir ? dirTokens.get(node.path) : fileTokens.get(node.path)}
                  status={isDir ? undefined : changes.status.get(node.path)}
                  suggested={
                    isDir ? !row.expanded && suggestedDirs.has(node.path) : suggested.has(node.path)
                  }
                  hasHiddenChanges={isDir && changes.dirsWithChanges.get(node.path) === true}
                  onToggleExpand={() => toggleExpand(node.path)}
                  onToggleCheck={() => toggleCheck(node.path, isDir)}
                  onDiff={
                    openDiff && projectName && earlier && Object.hasOwn(earlier, node.path)
                      ? () => openDiff(projectName, node.path)
                      : undefined
                  }
                  modeControl={(labelId) =>
                    projectName && (
                      <RowModeMenu
                        labelId={labelId}
                        project={projectName}
                        path={node.path}
                        files={isDir ? dirFiles : [node.path]}
                        isDir={isDir}
                        selected={selection.selected}
                      />
                    )
                  }
                />
              </div>
            );
          })}
        </div>
        <p id={treeHintId} hidden>
          {t('fileSelector.treeHint')}
        </p>
      </div>
    );
  }

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
      {body}
    </section>
  );
}
