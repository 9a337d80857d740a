import { type Block, DISPLAY_FALLBACK_COLOR } from '@promptloom/core';
import { Check, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { ErrorBox } from '../../../../components/ui/error-box';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { groupBlocks, useBlockDisplay } from '../../../blocks';
import {
  useLibraryData,
  useProjectComposition,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { needsProject } from '../lib/block-rules';
import { StarterBlocksPointer, UpdatesAvailableBadge } from './library-notices';
import { SavedCompositions } from './saved-compositions';

/** Left pane: search, new block, saved compositions, blocks grouped by category. */
export function BlockLibrary({ onNewBlock }: { onNewBlock: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const project = useSessionStore((s) => s.projectName) ?? '';
  const standalone = useSessionStore((s) => s.sessionMode === 'STANDALONE');
  const currentComposition = useProjectComposition(project);
  const { blocks, isLoading, blocksQuery } = useLibraryData();
  const display = useBlockDisplay();

  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const item of currentComposition) map.set(item.blockId, (map.get(item.blockId) ?? 0) + 1);
    return map;
  }, [currentComposition]);

  const groups = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const visible = blocks.filter(
      (b) => !(standalone && needsProject(b)) && display.name(b).toLowerCase().includes(needle),
    );
    return groupBlocks(visible);
  }, [blocks, query, standalone, display]);

  /** Add when absent, remove the last instance when present. */
  const toggle = (block: Block) => {
    const store = usePromptStore.getState();
    const last = currentComposition.findLast((i) => i.blockId === block.id);
    if (last) store.removeInstance(project, last.instanceId);
    else store.addBlock(project, block.id);
  };

  return (
    <section aria-labelledby="library-title" className="flex h-full min-h-0 flex-col bg-white">
      <header className="space-y-2 border-b border-slate-200 px-4 py-3">
        <div className="flex items-center justify-between">
          <h2 id="library-title" className="text-sm font-semibold text-slate-900">
            {t('workspace.library.title')}
          </h2>
          <Button size="sm" variant="secondary" onClick={onNewBlock}>
            <Plus className="size-3.5" aria-hidden />
            {t('workspace.library.newBlock')}
          </Button>
        </div>
        <UpdatesAvailableBadge blocks={blocks} />
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('workspace.library.searchPlaceholder')}
            aria-label={t('workspace.library.search')}
            className="block w-full rounded-md border border-slate-300 py-1.5 pr-2 pl-8 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          />
        </div>
      </header>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-3 py-3">
        <SavedCompositions />
        {!isLoading && <StarterBlocksPointer blocks={blocks} />}
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
        {!isLoading && !blocksQuery.isError && groups.length === 0 && (
          <p className="px-1 text-sm text-slate-500">{t('workspace.library.noBlocks')}</p>
        )}
        {groups.map((group) => (
          <div key={group.key}>
            <h3 className="flex items-center gap-2 px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.category !== null
                ? display.category(group.category)
                : t('workspace.library.systemCategory')}
              {group.isSystem && (
                <span className="rounded bg-violet-100 px-1.5 py-0.5 text-[10px] font-semibold text-violet-700 normal-case">
                  {t('workspace.library.systemBadge')}
                </span>
              )}
            </h3>
            <ul className="mt-1.5 space-y-1">
              {group.blocks.map((block) => {
                const count = counts.get(block.id) ?? 0;
                return (
                  <li key={block.id}>
                    <button
                      type="button"
                      onClick={() => toggle(block)}
                      aria-pressed={count > 0}
                      title={display.description(block) ?? undefined}
                      className={cn(
                        'flex w-full items-center gap-2 rounded-md border px-2.5 py-1.5 text-left text-sm transition-colors',
                        count > 0
                          ? 'border-indigo-200 bg-indigo-50 text-indigo-900'
                          : 'border-transparent text-slate-700 hover:border-slate-200 hover:bg-slate-50',
                      )}
                    >
                      <span
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: block.color ?? DISPLAY_FALLBACK_COLOR }}
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1 truncate">{display.name(block)}</span>
                      {count > 1 && <span className="text-xs text-indigo-600">×{count}</span>}
                      {count > 0 && <Check className="size-3.5 text-indigo-600" aria-hidden />}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
