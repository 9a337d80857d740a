import type { Block } from '@promptloom/core';
import { ArrowRight, Blocks, Plus, Settings } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useBlocks, type DeleteBlockOptions } from '../api';
import { useEditModal } from '../../../lib/use-edit-modal';
import { useDeleteBlockFlow } from '../hooks/use-delete-block-flow';
import { useBlockDisplay } from '../lib/display-texts';
import { groupBlocks } from '../lib/group-blocks';
import { BlockCard } from './block-card';
import { BlockModal } from './block-modal/block-modal';

export interface BlocksPageProps {
  /** The library's actions for one card (share, manage share, publish, update). */
  renderLibraryActions?: (block: Block) => ReactNode;
  /** What else to refresh once a block is deleted (compositions, working compositions). */
  onBlockDeleted?: DeleteBlockOptions['onDeleted'];
}

/**
 * /settings/blocks: blocks grouped by category, system first; with none of the user's own, the
 * way to make or import one.
 */
export function BlocksPage({ renderLibraryActions, onBlockDeleted }: BlocksPageProps) {
  const { t } = useTranslation();
  const display = useBlockDisplay();
  const blocksQuery = useBlocks();
  const blocks = blocksQuery.data;
  const modal = useEditModal<Block>();
  const deleteBlock = useDeleteBlockFlow({ onDeleted: onBlockDeleted });
  const groups = useMemo(() => groupBlocks(blocks ?? []), [blocks]);

  return (
    <div className="mx-auto max-w-7xl p-6 lg:p-8">
      <PageHeader
        title={t('blocks.title')}
        description={t('blocks.description')}
        actions={
          <Button onClick={() => modal.open()}>
            <Plus className="size-4" aria-hidden />
            {t('blocks.newBlock')}
          </Button>
        }
      />

      <QueryState
        query={blocksQuery}
        isEmpty={() => groups.length === 0}
        empty={<BlocksEmpty onCreate={() => modal.open()} />}
      >
        {() => (
          <div className="space-y-8">
            {/* First, where a phone shows it without scrolling past the system blocks. */}
            {groups.every((group) => group.isSystem) && (
              <BlocksEmpty onCreate={() => modal.open()} />
            )}
            {groups.map((group) => {
              const label =
                group.category !== null
                  ? display.category(group.category)
                  : t('blocks.systemGroup');
              return (
                <section key={group.key} aria-label={label}>
                  <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-700">
                    {group.isSystem && <Settings className="size-4 text-violet-600" aria-hidden />}
                    {label}
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">
                      {t('blocks.groupCount', { count: group.blocks.length })}
                    </span>
                  </h2>
                  <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
                    {group.blocks.map((block) => (
                      <BlockCard
                        key={block.id}
                        block={block}
                        onEdit={modal.open}
                        onDelete={(b) => void deleteBlock(b)}
                        libraryActions={renderLibraryActions?.(block)}
                      />
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
        )}
      </QueryState>

      <BlockModal open={modal.isOpen} block={modal.edited} onClose={modal.close} />
    </div>
  );
}

function BlocksEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={Blocks}
      heading
      title={t('blocks.empty.title')}
      description={t('blocks.empty.description')}
      actions={
        <>
          <Button onClick={onCreate}>
            <Plus className="size-4" aria-hidden />
            {t('blocks.newBlock')}
          </Button>
          {/* Inline, the arrow follows the last word when a phone wraps the French label. */}
          <Link
            to="/library?tab=recommended"
            className="text-sm font-medium text-balance text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {t('blocks.empty.browse')}
            <ArrowRight className="ml-1 inline size-3.5 align-[-0.125em]" aria-hidden />
          </Link>
        </>
      }
    />
  );
}
