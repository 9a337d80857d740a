import type { Block } from '@promptloom/core';
import { Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorBox } from '#web/components/ui/error-box.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { BlockPicker, BlockPickerSearch } from '../../../blocks';
import {
  useLibraryData,
  useProjectComposition,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { libraryInsertIndex, needsProject } from '../lib/block-rules';
import { StarterBlocksPointer, UpdatesAvailableBadge } from './library-notices';
import { SavedCompositions } from './saved-compositions';
import { UpdateMark } from './update-mark';

/** Left pane: search, new block, saved compositions, blocks grouped by category. */
export function BlockLibrary({ onNewBlock }: { onNewBlock: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const project = useSessionStore((s) => s.projectName) ?? '';
  const standalone = useSessionStore((s) => s.sessionMode === 'STANDALONE');
  const currentComposition = useProjectComposition(project);
  const { blocks, isLoading, blocksQuery } = useLibraryData();
  const listId = useId();

  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const item of currentComposition) map.set(item.blockId, (map.get(item.blockId) ?? 0) + 1);
    return map;
  }, [currentComposition]);

  const pickable = useMemo(
    () => (standalone ? blocks.filter((b) => !needsProject(b)) : blocks),
    [blocks, standalone],
  );

  /** Add when absent (before the request), remove the last instance when present. */
  const toggle = (block: Block) => {
    const store = usePromptStore.getState();
    const last = currentComposition.findLast((i) => i.blockId === block.id);
    if (last) {
      store.removeInstance(project, last.instanceId);
      return;
    }
    const typeOf = (id: string) => blocks.find((b) => b.id === id)?.type;
    store.insertBlock(project, block.id, libraryInsertIndex(currentComposition, typeOf, block));
  };

  return (
    <section aria-labelledby="library-title" className="flex h-full min-h-0 flex-col bg-white">
      <header className="space-y-2 border-b border-slate-200 px-4 py-3">
        {/* A narrow pane (standalone) puts the button under the title rather than break its
            label over two lines. */}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <h2 id="library-title" className="text-sm font-semibold text-slate-900">
            {t('workspace.library.title')}
          </h2>
          <Button size="sm" variant="secondary" onClick={onNewBlock} className="whitespace-nowrap">
            <Plus className="size-3.5" aria-hidden />
            {t('workspace.library.newBlock')}
          </Button>
        </div>
        <UpdatesAvailableBadge blocks={blocks} />
        <BlockPickerSearch value={query} onChange={setQuery} listId={listId} />
      </header>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-3 py-3">
        <SavedCompositions />
        {/* While searching, the matches (or that none matches) come first, not the pointer. */}
        {!isLoading && !query.trim() && <StarterBlocksPointer blocks={blocks} />}
        {isLoading && (
          <Spinner className="mx-auto size-5 text-slate-400" label={t('common.loading')} />
        )}
        {blocksQuery.isError && (
          <ErrorBox
            message={t('lists.blocksError')}
            onRetry={() => void blocksQuery.refetch()}
            retrying={blocksQuery.isFetching}
          />
        )}
        {/* Blocks still cached after a failed refetch stay pickable. */}
        {!isLoading && !(blocksQuery.isError && blocks.length === 0) && (
          <BlockPicker
            id={listId}
            blocks={pickable}
            counts={counts}
            onToggle={toggle}
            query={query}
            emptyText={t('blocks.picker.noMatch')}
            aside={(block) => <UpdateMark block={block} />}
          />
        )}
      </div>
    </section>
  );
}
