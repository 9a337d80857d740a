import { shareOptionsSchema, type SharedItem, type ShareOptionAction } from '@promptloom/core';
import { KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { confirm } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteSharedItem, useUpdateShareOptions } from '../api';
import { showSaveError, zodFieldErrors, type FieldErrors } from '../lib/form-errors';
import { ExpirationSelect } from './expiration-select';
import { type ShareDetails, ShareDetailsFields, SharedPageLink } from './share-details-fields';
import { ShareLink } from './share-link';

const FIELDS = ['description', 'tags', 'expiresInDays'] as const;

/**
 * Manage mode of the share modal: visibility switch, link actions, expiry, description and
 * tags, a link to the public page. Update sends only description, tags and expiresInDays.
 */
export function ShareManage({ item, onClose }: { item: SharedItem; onClose: () => void }) {
  const { t } = useTranslation();
  const switchId = useId();
  const options = useUpdateShareOptions();
  const remove = useDeleteSharedItem();
  const [details, setDetails] = useState<ShareDetails>({
    description: item.description ?? '',
    tags: item.tags,
  });
  const [expiresInDays, setExpiresInDays] = useState<0 | 7 | 30 | 90 | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const isPublic = item.visibility === 'PUBLIC';

  const runAction = async (action: ShareOptionAction) => {
    // Public to private link detaches the public period's subscribers (decision 093).
    if (action === 'TOGGLE_VISIBILITY' && isPublic) {
      const ok = await confirm({
        title: t('sharing.share.makePrivateTitle'),
        message: t('sharing.share.makePrivateMessage'),
        confirmText: t('sharing.share.makePrivate'),
      });
      if (!ok) return;
    }
    if (action !== 'TOGGLE_VISIBILITY') {
      const revoke = action === 'REVOKE_TOKEN';
      const regenerate = action === 'REGENERATE_TOKEN' && item.shareToken !== null;
      if (revoke || regenerate) {
        const ok = await confirm({
          title: t(revoke ? 'sharing.share.revokeTitle' : 'sharing.share.regenerateTitle'),
          message: t(revoke ? 'sharing.share.revokeMessage' : 'sharing.share.regenerateMessage'),
          confirmText: t(revoke ? 'sharing.share.revoke' : 'sharing.share.regenerate'),
        });
        if (!ok) return;
      }
    }
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

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-xs text-slate-500">
        {t('sharing.share.stats', {
          likes: item.likeCount,
          downloads: item.downloadCount,
          version: item.currentVersion,
        })}
      </p>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3">
        <label htmlFor={switchId} className="text-sm">
          <span className="block font-medium text-slate-900">
            {t('sharing.share.visibilitySwitch')}
          </span>
          <span className="text-xs text-slate-600">
            {isPublic ? t('sharing.share.publicManageHint') : t('sharing.share.privateHint')}
          </span>
        </label>
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={isPublic}
          disabled={options.isPending}
          onClick={() => void runAction('TOGGLE_VISIBILITY')}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50',
            isPublic ? 'bg-indigo-600' : 'bg-slate-300',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
              isPublic && 'translate-x-5',
            )}
          />
        </button>
      </div>

      {!isPublic &&
        (item.shareToken ? (
          <ShareLink
            token={item.shareToken}
            expiresAt={item.expiresAt}
            actions={
              <>
                <Button
                  variant="secondary"
                  disabled={options.isPending}
                  onClick={() => void runAction('REGENERATE_TOKEN')}
                >
                  <RefreshCw className="size-4" aria-hidden />
                  {t('sharing.share.regenerate')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={options.isPending}
                  onClick={() => void runAction('REVOKE_TOKEN')}
                  className="text-red-600"
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t('sharing.share.revoke')}
                </Button>
              </>
            }
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3">
            <p className="text-sm text-amber-800">{t('sharing.share.noLink')}</p>
            <Button
              variant="secondary"
              disabled={options.isPending}
              onClick={() => void runAction('REGENERATE_TOKEN')}
            >
              <KeyRound className="size-4" aria-hidden />
              {t('sharing.share.generate')}
            </Button>
          </div>
        ))}

      {!isPublic && (
        <ExpirationSelect
          value={expiresInDays}
          onChange={setExpiresInDays}
          allowKeep
          error={errors.expiresInDays}
        />
      )}
      <ShareDetailsFields details={details} onChange={setDetails} errors={errors} />

      <div className="flex items-center justify-end gap-2 border-t border-slate-100 pt-4">
        <SharedPageLink itemId={item.id} className="mr-auto px-2" />
        <Button
          variant="secondary"
          disabled={options.isPending || remove.isPending}
          onClick={() => void deleteItem()}
          className="text-red-600"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('sharing.share.delete')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={options.isPending}>
          {options.isPending ? t('sharing.share.updating') : t('sharing.share.update')}
        </Button>
      </div>
    </form>
  );
}
