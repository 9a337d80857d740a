import {
  shareOptionsSchema,
  type SHARE_EXPIRATION_DAYS,
  type SharedItem,
  type ShareOptionAction,
} from '@promptloom/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteSharedItem, useUpdateShareOptions } from '../api';
import { showSaveError, zodFieldErrors, type FieldErrors } from '../lib/form-errors';
import type { ShareDetails } from '../components/share-details-fields';

const FIELDS = ['description', 'tags', 'expiresInDays'] as const;

/** A new expiry in days, or null to keep the current one. */
type ExpiryChoice = (typeof SHARE_EXPIRATION_DAYS)[number] | null;

/**
 * The manage mode's state and actions: link and visibility actions (confirmed first where they
 * cut someone off), deletion, and the update, which sends only description, tags and
 * expiresInDays.
 */
export function useShareManage(item: SharedItem, onClose: () => void) {
  const { t } = useTranslation();
  const options = useUpdateShareOptions();
  const remove = useDeleteSharedItem();
  const [details, setDetails] = useState<ShareDetails>({
    description: item.description ?? '',
    tags: item.tags,
  });
  const [expiresInDays, setExpiresInDays] = useState<ExpiryChoice>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const isPublic = item.visibility === 'PUBLIC';

  /** Asks before an action that takes the item away from people who have it; true to go on. */
  const confirmAction = (action: ShareOptionAction): Promise<boolean> => {
    // Public to private link detaches the public period's subscribers (decision 093).
    if (action === 'TOGGLE_VISIBILITY') {
      if (!isPublic) return Promise.resolve(true);
      return confirm({
        title: t('sharing.share.makePrivateTitle'),
        message: t('sharing.share.makePrivateMessage'),
        confirmText: t('sharing.share.makePrivate'),
      });
    }
    const revoke = action === 'REVOKE_TOKEN';
    const regenerate = action === 'REGENERATE_TOKEN' && item.shareToken !== null;
    if (!revoke && !regenerate) return Promise.resolve(true);
    return confirm({
      title: t(revoke ? 'sharing.share.revokeTitle' : 'sharing.share.regenerateTitle'),
      message: t(revoke ? 'sharing.share.revokeMessage' : 'sharing.share.regenerateMessage'),
      confirmText: t(revoke ? 'sharing.share.revoke' : 'sharing.share.regenerate'),
    });
  };

  const runAction = async (action: ShareOptionAction) => {
    if (!(await confirmAction(action))) return;
    options.mutate(
      { id: item.id, options: { action } },
      {
        onSuccess: () =>
          toast.success(
            t(
              action === 'REVOKE_TOKEN'
                ? 'sharing.share.linkRevoked'
                : action === 'REGENERATE_TOKEN'
                  ? 'sharing.share.linkRegenerated'
                  : 'sharing.share.visibilityChanged',
            ),
          ),
        onError: (error) => toast.error(errorMessage(error, t('sharing.share.updateError'))),
      },
    );
  };

  const deleteItem = async () => {
    const ok = await confirm({
      title: t('sharing.share.deleteTitle'),
      message: t('sharing.share.deleteMessage'),
      confirmText: t('sharing.share.delete'),
    });
    if (!ok) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(t('sharing.share.deleted'));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, t('sharing.share.updateError'))),
    });
  };

  const submit = () => {
    const body = {
      ...details,
      ...(expiresInDays !== null && !isPublic ? { expiresInDays } : {}),
    };
    const parsed = shareOptionsSchema.safeParse(body);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    options.mutate(
      { id: item.id, options: body },
      {
        onSuccess: () => {
          toast.success(t('sharing.share.updated'));
          onClose();
        },
        onError: (error) => showSaveError(error, FIELDS, setErrors, t('sharing.share.updateError')),
      },
    );
  };

  return {
    isPublic,
    details,
    setDetails,
    expiresInDays,
    setExpiresInDays,
    errors,
    runAction,
    deleteItem,
    submit,
    updating: options.isPending,
    deleting: remove.isPending,
  };
}
