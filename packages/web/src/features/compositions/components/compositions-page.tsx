import type { Composition } from '@promptloom/core';
import { Plus, Workflow } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { confirm } from '../../../components/ui/confirm-dialog';
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
          <div className="flex flex-col items-center rounded-lg border-2 border-dashed border-slate-300 px-6 py-16 text-center">
            <Workflow className="size-10 text-slate-400" aria-hidden />
            <h2 className="mt-3 font-medium text-slate-900">{t('compositions.empty.title')}</h2>
            <p className="mt-1 max-w-sm text-sm text-slate-500">
              {t('compositions.empty.description')}
            </p>
            <Button className="mt-5" onClick={() => modal.open()}>
              <Plus className="size-4" aria-hidden />
              {t('compositions.newComposition')}
            </Button>
          </div>
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
