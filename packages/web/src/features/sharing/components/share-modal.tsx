import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/ui/error-box';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useSharedItem } from '../../library';
import { ShareCreate } from './share-create';
import { ShareManage } from './share-manage';
import type { SharingModalProps } from './modal-props';

/**
 * Share modal. Create mode for a block not yet shared; manage mode for the
 * author's shared block (its item is fetched, token included since we are the author).
 */
export function ShareModal({ open, block, onClose }: SharingModalProps) {
  const { t } = useTranslation();
  // The mode is fixed when the modal opens: sharing refreshes the block (it gains a
  // sharedVersion), and the create flow must still show its link afterwards.
  const [sharedItemId] = useState(block.sharedVersion?.id ?? null);
  const manage = sharedItemId !== null;
  const item = useSharedItem(open && manage ? sharedItemId : null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      title={
        <span>
          {t(manage ? 'sharing.share.manageTitle.BLOCK' : 'sharing.share.title.BLOCK')}
          <span className="block text-sm font-normal text-slate-500">{block.name}</span>
        </span>
      }
    >
      {!manage ? (
        <ShareCreate block={block} onClose={onClose} />
      ) : item.isPending ? (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      ) : item.error || !item.data ? (
        <ErrorBox
          message={errorMessage(item.error)}
          onRetry={() => void item.refetch()}
          retrying={item.isFetching}
        />
      ) : (
        <ShareManage key={item.data.id} item={item.data} onClose={onClose} />
      )}
    </Modal>
  );
}
