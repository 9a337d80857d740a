import type { Block } from '@promptloom/core';
import { ArrowUpCircle, Settings2, Share2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useCurrentUserId } from '../../auth';
import { hasUpdateAvailable } from '../../blocks';
import { PublishUpdateModal } from './publish-update-modal';
import { ShareModal } from './share-modal';
import { UpdatePreviewModal } from './update-preview-modal';

const iconButton =
  'rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

type Open = 'share' | 'publish' | 'update' | null;

/**
 * The library's actions on a block card: update available,
 * publish update (author of the shared version, once the block differs from it: there is
 * nothing to publish before), manage share (author, shared, not subscribed), share (not yet
 * shared). Nothing for blocks with a system behaviour.
 */
export function BlockShareActions({ block }: { block: Block }) {
  const { t } = useTranslation();
  const userId = useCurrentUserId();
  const [open, setOpen] = useState<Open>(null);
  if (block.systemBehavior !== 'NONE') return null;

  const shared = block.sharedVersion;
  const isAuthor = shared !== null && shared.authorId === userId;
  const subscribed = block.subscription !== null;
  const close = () => setOpen(null);

  return (
    <>
      {hasUpdateAvailable(block) && (
        <button
          type="button"
          onClick={() => setOpen('update')}
          aria-label={t('sharing.actions.updateAvailableLabel', { name: block.name })}
          className="inline-flex items-center gap-1 rounded-md bg-green-50 px-2 py-1 text-xs font-medium whitespace-nowrap text-green-700 ring-1 ring-green-200 hover:bg-green-100"
        >
          <Sparkles className="size-3.5" aria-hidden />
          {t('sharing.actions.updateAvailable')}
        </button>
      )}
      {isAuthor && !subscribed && !shared.edited && (
        <span className="mr-1 rounded bg-indigo-50 px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-indigo-700">
          {t('sharing.actions.sharedBadge', { version: shared.version })}
        </span>
      )}
      {isAuthor && !subscribed && shared.edited && (
        <span
          title={t('sharing.actions.editedSinceHint', { version: shared.version })}
          className="mr-1 rounded bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200"
        >
          {t('sharing.actions.editedSince', { version: shared.version })}
        </span>
      )}
      {isAuthor && !subscribed && shared.edited && (
        <button
          type="button"
          onClick={() => setOpen('publish')}
          className="mr-1 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowUpCircle className="size-3.5" aria-hidden />
          {t('sharing.actions.publish')}
        </button>
      )}
      {/* One element for Share and Manage share: sharing turns the first into the second, and
          the dialog closing gives focus back to it, still in the page. */}
      {!subscribed && (isAuthor || !shared) && (
        <button
          type="button"
          onClick={() => setOpen('share')}
          aria-label={
            shared
              ? t('sharing.actions.manageLabel', { name: block.name })
              : t('sharing.actions.shareLabel', { name: block.name })
          }
          title={shared ? t('sharing.actions.manage') : t('sharing.actions.share')}
          className={cn(iconButton, shared && 'text-indigo-600')}
        >
          {shared ? (
            <Settings2 className="size-4" aria-hidden />
          ) : (
            <Share2 className="size-4" aria-hidden />
          )}
        </button>
      )}
      {open === 'share' && <ShareModal open block={block} onClose={close} />}
      {open === 'publish' && <PublishUpdateModal open block={block} onClose={close} />}
      {open === 'update' && <UpdatePreviewModal open block={block} onClose={close} />}
    </>
  );
}
