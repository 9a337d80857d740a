import type { SharedItem, ShareOptionAction } from '@promptloom/core';
import { KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ShareLink } from './share-link';

/** The public/private switch, with what the current visibility means. */
export function VisibilitySwitch({
  isPublic,
  disabled,
  onToggle,
}: {
  isPublic: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const switchId = useId();
  return (
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
        disabled={disabled}
        onClick={onToggle}
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
  );
}

/** A private item's link with Regenerate and Revoke, or, without a link, Generate. */
export function PrivateLinkPanel({
  item,
  disabled,
  onAction,
}: {
  item: SharedItem;
  disabled: boolean;
  onAction: (action: ShareOptionAction) => void;
}) {
  const { t } = useTranslation();
  if (!item.shareToken) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3">
        <p className="text-sm text-amber-800">{t('sharing.share.noLink')}</p>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => onAction('REGENERATE_TOKEN')}
        >
          <KeyRound className="size-4" aria-hidden />
          {t('sharing.share.generate')}
        </Button>
      </div>
    );
  }
  return (
    <ShareLink
      token={item.shareToken}
      expiresAt={item.expiresAt}
      actions={
        <>
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={() => onAction('REGENERATE_TOKEN')}
          >
            <RefreshCw className="size-4" aria-hidden />
            {t('sharing.share.regenerate')}
          </Button>
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={() => onAction('REVOKE_TOKEN')}
            className="text-red-600"
          >
            <Trash2 className="size-4" aria-hidden />
            {t('sharing.share.revoke')}
          </Button>
        </>
      }
    />
  );
}
