import { ancestorDirectories, directoryCheckState, type HiddenEntry } from '@promptloom/core';
import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ProjectTree,
  type TreeRow,
  useChangesSource,
  type useFileChanges,
  type useTreeNavigation,
} from '../../project-files';
import { useSessionStore } from '../../session';
import { useSuggestedPaths } from '../../suggest';
import { FileRow } from './file-row';
import { HiddenRow } from './hidden-row';
import { RowModeMenu } from './row-mode-menu';

interface FileTreeRowsProps {
  rows: readonly TreeRow[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  navigation: ReturnType<typeof useTreeNavigation>;
  /** The complete tree; undefined while the listing runs (rows are then read-only). */
  tree: ProjectTree | undefined;
  /** The complete tree, or the tree listed so far. */
  shownTree: ProjectTree | undefined;
  selected: ReadonlySet<string>;
  selectedCounts: ReadonlyMap<string, number>;
  hiddenByPath: ReadonlyMap<string, HiddenEntry>;
  dirTokens: ReadonlyMap<string, number>;
  fileTokens: ReadonlyMap<string, number>;
  changes: ReturnType<typeof useFileChanges>;
  onToggleExpand: (path: string) => void;
  onToggleCheck: (path: string, isDir: boolean) => void;
}

/**
 * The virtualised tri-state tree: the rows in view, each a file or folder row (with its check
 * state, counts, tokens, change status, suggestion mark, Diff and mode control) or a hidden
 * entry's row.
 */
export function FileTreeRows({
  rows,
  virtualizer,
  scrollRef,
  navigation,
  tree,
  shownTree,
  selected,
  selectedCounts,
  hiddenByPath,
  dirTokens,
  fileTokens,
  changes,
  onToggleExpand,
  onToggleCheck,
}: FileTreeRowsProps) {
  const { t } = useTranslation();
  const treeHintId = useId();
  const projectName = useSessionStore((s) => s.projectName);
  const openDiff = useChangesSource((s) => s.openDiff);
  // A diff needs the file's text in the last prompt: without it there is no Diff button.
  const earlier = useChangesSource((s) => (projectName ? s.prompts[projectName]?.contents : null));
  const suggested = useSuggestedPaths();
  // A folder holding suggested files says so, as its files do, while they are hidden under it.
  const suggestedDirs = useMemo(() => ancestorDirectories(suggested), [suggested]);
  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="file-tree-scroll">
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
                    : selected.has(node.path)
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
                onToggleExpand={() => onToggleExpand(node.path)}
                onToggleCheck={() => onToggleCheck(node.path, isDir)}
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
                      selected={selected}
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
