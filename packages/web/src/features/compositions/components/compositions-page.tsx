import type { Composition } from '@promptloom/core';
import { Plus, Workflow } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { confirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useBlocks } from '../../blocks';
import { useCompositions, useDeleteComposition } from '../api';
import { useEditModal } from '../../../lib/use-edit-modal';
import { CompositionCard } from './composition-card';
import { CompositionModal } from './composition-modal/composition-modal';
import { DefaultCompositionSetting } from './default-composition-setting';

/** /settings/compositions. */
export function CompositionsPage() {
  const { t } = useTranslation();
  const compositionsQuery = useCompositions();
  const compositions = compositionsQuery.data;
  const { data: blocks } = useBlocks();
  const blocksById = useMemo(() => new Map((blocks ?? []).map((b) => [b.id, b])), [blocks]);
  const modal = useEditModal<Composition>();
  const remove = useDeleteComposition();

  const onDelete = async (composition: Composition) => {
    const confirmed = await confirm({
      title: t('compositions.confirmDelete.title'),
      message: t('compositions.confirmDelete.message', { name: composition.name }),
    });
    if (!confirmed) return;
    const toastId = toast.loading(t('compositions.toast.deleting'));
    try {
      await remove.mutateAsync(composition.id);
      toast.success(t('compositions.toast.deleted', { name: composition.name }), toastId);
    } catch (err) {
      toast.error(t('compositions.toast.deleteError', { message: errorMessage(err) }), toastId);
    }
  };

  return (
    <div className="mx-auto max-w-7xl p-6 lg:p-8">
      <PageHeader
        title={t('compositions.title')}
        description={t('compositions.description')}
        actions={
          <Button onClick={() => modal.open()}>
            <Plus className="size-4" aria-hidden />
            {t('compositions.newComposition')}
          </Button>
        }
      />

      <DefaultCompositionSetting compositions={compositions ?? []} />

      <QueryState
        query={compositionsQuery}
        isEmpty={() => !compositions?.length}
        empty={
          <EmptyState
            icon={Workflow}
            heading
            title={t('compositions.empty.title')}
            description={t('compositions.empty.description')}
            actions={
              <Button onClick={() => modal.open()}>
                <Plus className="size-4" aria-hidden />
                {t('compositions.newComposition')}
              </Button>
            }
          />
        }
      >
        {() => (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {(compositions ?? []).map((composition) => (
              <CompositionCard
                key={composition.id}
                composition={composition}
                blocksById={blocksById}
                onEdit={modal.open}
                onDelete={(c) => void onDelete(c)}
              />
            ))}
          </div>
        )}
      </QueryState>

      <CompositionModal open={modal.isOpen} composition={modal.edited} onClose={modal.close} />
    </div>
  );
}
