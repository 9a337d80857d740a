import type { Block } from '@promptloom/core';
import { MessageSquareQuote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DiffView } from '../../../components/ui/diff-view';
import { ErrorBox } from '../../../components/ui/error-box';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSharedItem } from '../../library';
import { useAcceptUpdate } from '../api';

/**
 * Update-preview modal: the author's notes and a side-by-side diff of the local
 * block against the shared item's latest content; 'later' or accept.
 */
export function UpdatePreviewModal({
  open,
  block,
  onClose,
}: {
  open: boolean;
  block: Block;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const subscription = block.subscription;
  const {
    data: item,
    isPending,
    error,
  } = useSharedItem(open && subscription ? subscription.sharedItemId : null);
  const accept = useAcceptUpdate();
  const supported = item?.itemType === 'BLOCK' && item.originalBlock !== null;

  const onAccept = () => {
    if (!subscription || !item) return;
    accept.mutate(
      { sharedItemId: item.id, subscriptionId: subscription.id },
      {
        onSuccess: () => {
          toast.success(t('sharing.update.applied'));
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err, t('sharing.update.error'))),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title={t('sharing.update.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('sharing.update.later')}
          </Button>
          <Button
            onClick={onAccept}
            busy={accept.isPending}
            disabled={isPending || !item || !supported}
          >
            {accept.isPending ? t('sharing.update.accepting') : t('sharing.update.accept')}
          </Button>
        </>
      }
    >
      <h3 className="mb-3 font-medium text-slate-900">
        {t('sharing.update.header', { name: block.name })}
      </h3>
      {isPending ? (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      ) : error || !item ? (
        <ErrorBox message={errorMessage(error)} />
      ) : !supported ? (
        <p className="text-sm text-slate-600">{t('sharing.update.unsupported')}</p>
      ) : (
        <div className="space-y-4">
          {item.sharedVersion.versionNotes && (
            <figure className="rounded-lg border border-indigo-100 bg-indigo-50 p-3">
              <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-indigo-800">
                <MessageSquareQuote className="size-4" aria-hidden />
                {t('sharing.update.authorNotes')}
              </figcaption>
              <blockquote className="text-sm whitespace-pre-line text-indigo-950">
                {item.sharedVersion.versionNotes}
              </blockquote>
            </figure>
          )}
          <DiffView
            oldText={block.content}
            newText={item.originalBlock?.content ?? ''}
            oldLabel={t('sharing.update.local')}
            newLabel={t('sharing.update.shared', { version: item.currentVersion })}
            identicalMessage={t('sharing.update.noChange')}
          />
        </div>
      )}
    </Modal>
  );
}
