import type { SharedItem } from '@promptloom/core';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useShareManage } from '../hooks/use-share-manage';
import { ExpirationSelect } from './expiration-select';
import { ShareDetailsFields, SharedPageLink } from './share-details-fields';
import { PrivateLinkPanel, VisibilitySwitch } from './share-manage-controls';

/**
 * Manage mode of the share modal: visibility switch, link actions, expiry, description and
 * tags, a link to the public page. Update sends only description, tags and expiresInDays.
 */
export function ShareManage({ item, onClose }: { item: SharedItem; onClose: () => void }) {
  const { t } = useTranslation();
  const share = useShareManage(item, onClose);
  const { isPublic, updating } = share;

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        share.submit();
      }}
    >
      <p className="text-xs text-slate-500">
        {t('sharing.share.stats', {
          likes: item.likeCount,
          downloads: item.downloadCount,
          version: item.currentVersion,
        })}
      </p>
      <VisibilitySwitch
        isPublic={isPublic}
        disabled={updating}
        onToggle={() => void share.runAction('TOGGLE_VISIBILITY')}
      />
      {!isPublic && (
        <PrivateLinkPanel
          item={item}
          disabled={updating}
          onAction={(action) => void share.runAction(action)}
        />
      )}
      {!isPublic && (
        <ExpirationSelect
          value={share.expiresInDays}
          onChange={share.setExpiresInDays}
          allowKeep
          error={share.errors.expiresInDays}
        />
      )}
      <ShareDetailsFields
        details={share.details}
        onChange={share.setDetails}
        errors={share.errors}
      />

      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-4">
        <SharedPageLink itemId={item.id} className="mr-auto px-2" />
        <Button
          variant="secondary"
          disabled={updating || share.deleting}
          onClick={() => void share.deleteItem()}
          className="text-red-600"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('sharing.share.delete')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={updating}>
          {updating ? t('sharing.share.updating') : t('sharing.share.update')}
        </Button>
      </div>
    </form>
  );
}
