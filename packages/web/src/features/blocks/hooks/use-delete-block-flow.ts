import type { Block } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteBlock, type DeleteBlockOptions } from '../api';
import { blockDisplayName } from '../lib/display-texts';

/** Marks a block card's Edit button, where focus goes when the card beside it is deleted. */
const CARD_EDIT_ATTRIBUTE = 'data-card-edit';

/**
 * The card after the one holding focus (else the one before it): the deleted card leaves with
 * its focused Delete button, and focus then goes to this card's Edit button.
 */
function cardBesideFocus(): HTMLElement | null {
  const card = document.activeElement?.closest('article');
  if (!card) return null;
  const cards = [...document.querySelectorAll<HTMLElement>('article')].filter((c) =>
    c.querySelector(`[${CARD_EDIT_ATTRIBUTE}]`),
  );
  const at = cards.indexOf(card);
  return at < 0 ? null : (cards[at + 1] ?? cards[at - 1] ?? null);
}

/** Delete with confirmation, then loading → success/error toasts. */
export function useDeleteBlockFlow(options: DeleteBlockOptions = {}) {
  const { t } = useTranslation();
  const remove = useDeleteBlock(options);
  return async (block: Block) => {
    const beside = cardBesideFocus();
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
      beside?.querySelector<HTMLElement>(`[${CARD_EDIT_ATTRIBUTE}]`)?.focus();
      toast.success(t('blocks.toast.deleted', { name: blockDisplayName(block) }), toastId);
    } catch (error) {
      toast.error(t('blocks.toast.deleteError', { message: errorMessage(error) }), toastId);
    }
  };
}
