import type { Block } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteBlock, type DeleteBlockOptions } from '../api';
import { blockDisplayName } from '../lib/display-texts';

/** Delete with confirmation, then loading → success/error toasts. */
export function useDeleteBlockFlow(options: DeleteBlockOptions = {}) {
  const { t } = useTranslation();
  const remove = useDeleteBlock(options);
  return async (block: Block) => {
    const confirmed = await confirm({
      title: t('blocks.confirmDelete.title'),
      // A shared block's library copy outlives it, and nothing would be left to manage it by.
      message: t(
        block.sharedVersion ? 'blocks.confirmDelete.sharedMessage' : 'blocks.confirmDelete.message',
        { name: blockDisplayName(block) },
      ),
    });
    if (!confirmed) return;
    const toastId = toast.loading(t('blocks.toast.deleting'));
    try {
      await remove.mutateAsync(block.id);
      toast.success(t('blocks.toast.deleted', { name: blockDisplayName(block) }), toastId);
    } catch (error) {
      toast.error(t('blocks.toast.deleteError', { message: errorMessage(error) }), toastId);
    }
  };
}
