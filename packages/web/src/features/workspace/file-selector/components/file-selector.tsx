import {
  ancestorDirectories,
  directoryCheckState,
  selectedCountsByDirectory,
  visibleFiles,
  withHiddenEntries,
} from '@promptloom/core';
import { FILE_ROW_HEIGHT_PX, FILE_ROW_OVERSCAN } from '../../../../config/limits';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FolderX, RefreshCw } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import {
  flattenTree,
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeHintId = useId();
  const refresh = useRefresh(() => void treeQuery.refetch(), treeQuery.isFetching);

  const selectedCounts = useMemo(
    () => selectedCountsByDirectory(selection.selected),
    [selection.selected],
  );

  const filtering = showSelectedOnly || showChangesOnly || search.trim() !== '';
  const hiddenByPath = useMemo(
    () => new Map((tree?.hidden ?? []).map((entry) => [entry.path, entry])),
    [tree],
  );
  const rows = useMemo(() => {
    if (!tree) return partialTree ? flattenTree(partialTree.root, expanded, null) : [];
    if (!filtering) {
      const root = showIgnored ? withHiddenEntries(tree.root, tree.hidden) : tree.root;
      return flattenTree(root, expanded, null);
    }
    const files = visibleFiles(
      tree.index.filePaths,
      { selectionFilter: showSelectedOnly, changesFilter: showChangesOnly, search },
      selection.selected,
      changes.changedSet,
    );
    return flattenTree(tree.root, expanded, {
      visibleFiles: new Set(files),
      visibleDirs: ancestorDirectories(files),
    });
  }, [
    tree,
    partialTree,
    showIgnored,
    filtering,
    expanded,
    showSelectedOnly,
    showChangesOnly,
    search,
    selection.selected,
    changes.changedSet,
  ]);

  /** Token sum of the selected files beneath each directory (beyond the spec). */
  const dirTokens = useMemo(() => {
    const sums = new Map<string, number>();
    for (const path of selection.selected) {
      const tokens = fileTokens.get(path);
      if (tokens === undefined) continue;
      for (const dir of ancestorDirectories([path])) sums.set(dir, (sums.get(dir) ?? 0) + tokens);
    }
    return sums;
  }, [selection.selected, fileTokens]);

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

  let body: React.ReactNode;
  if (!projectName) {
    body = <EmptyState text={t('fileSelector.noProject')} />;
  } else if (treeQuery.isPending && treeQuery.fetchStatus !== 'idle' && rows.length === 0) {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 text-sm text-slate-500">
        <Spinner className="size-6 text-indigo-500" />
        {t('fileSelector.loading')}
      </div>
    );
  } else if (treeQuery.isError) {
    body = (
      <EmptyState
        text={t(cancelledStage === 'listing' ? 'listing.cancelled' : 'fileSelector.loadError')}
      >
        <Button size="sm" variant="secondary" onClick={() => void treeQuery.refetch()}>
          <RefreshCw className="size-3.5" aria-hidden />
          {t('fileSelector.refresh')}
        </Button>
      </EmptyState>
    );
  } else if (tree && total === 0) {
    body = (
      <EmptyState text={t('fileSelector.emptyStructure')}>
        <Button size="sm" variant="secondary" onClick={() => void treeQuery.refetch()}>
          <RefreshCw className="size-3.5" aria-hidden />
          {t('fileSelector.refresh')}
        </Button>
      </EmptyState>
    );
  } else if (rows.length === 0) {
    body = <EmptyState text={t('fileSelector.noMatch')} />;
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
                  suggested={!isDir && suggested.has(node.path)}
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

function EmptyState({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-500">
      <FolderX className="size-7 text-slate-300" aria-hidden />
      <p>{text}</p>
      {children}
    </div>
  );
}
