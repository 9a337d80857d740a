import { type Block } from '@promptloom/core';
import { CARD_CONTENT_LINES, DISPLAY_FALLBACK_COLOR } from '../../../config/limits';
import { Pencil, Settings, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { hasUpdateAvailable } from '../lib/block-status';
import { useBlockDisplay } from '../lib/display-texts';

export const iconButtonClass =
  'rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * One block on the management page. `libraryActions` is the
 * place of the library's buttons (update available, publish update, manage share, share);
 * the card gets its green border from the block's own subscription data.
 */
export function BlockCard({
  block,
  onEdit,
  onDelete,
  libraryActions,
}: {
  block: Block;
  onEdit: (block: Block) => void;
  onDelete: (block: Block) => void;
  libraryActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const display = useBlockDisplay();
  const name = display.name(block);
  const updateAvailable = hasUpdateAvailable(block);

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group flex flex-col rounded-lg border bg-white p-4 shadow-xs transition-shadow hover:shadow-md',
        updateAvailable ? 'border-green-500 ring-1 ring-green-500' : 'border-slate-200',
      )}
    >
      <header className="flex items-start gap-2">
        <span
          aria-hidden
          className="mt-1.5 size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: block.color ?? DISPLAY_FALLBACK_COLOR }}
        />
        <div className="min-w-0 flex-1">
          <h3
            id={titleId}
            className="line-clamp-2 font-medium break-words text-slate-900"
            title={name}
          >
            {name}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1">
            <Badge className="bg-slate-100 text-slate-700">{t(`blocks.types.${block.type}`)}</Badge>
            {block.systemBehavior !== 'NONE' && (
              <Badge className="bg-violet-50 text-violet-700">
                <Settings className="size-3" aria-hidden />
                {t('blocks.badges.system')}
              </Badge>
            )}
            {block.subscription && !block.subscription.detached && (
              <Badge className="bg-sky-50 text-sky-700">
                {t('blocks.badges.subscribed', { version: block.subscription.subscribedVersion })}
              </Badge>
            )}
            {block.subscription?.detached && (
              <Badge className="bg-amber-50 text-amber-800">{t('blocks.badges.detached')}</Badge>
            )}
          </div>
        </div>
      </header>
      {block.subscription?.detached && (
        <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-800">
          {t(`blocks.detached.${block.subscription.detached}`)}
        </p>
      )}

      <p
        className={cn(
          // Not flex-1: a clamped box that grows shows the lines past its ellipsis.
          'my-3 text-sm break-words whitespace-pre-line',
          block.type === 'DYNAMIC_TASK'
            ? 'text-slate-500 italic'
            : 'font-mono text-xs text-slate-600',
        )}
        style={{
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: CARD_CONTENT_LINES,
          overflow: 'hidden',
        }}
      >
        {block.type === 'DYNAMIC_TASK'
          ? t('blocks.card.dynamicPlaceholder')
          : display.content(block)}
      </p>

      {/* mt-auto: the footer sits at the bottom of a card its row made taller. Its items go to
          a second line one by one when the card is narrow; edit and delete stay together on the
          right. */}
      <footer className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
        {libraryActions}
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            onClick={() => onEdit(block)}
            className={iconButtonClass}
            // Where focus goes when the card beside this one is deleted (use-delete-block-flow).
            data-card-edit=""
            aria-label={t('blocks.actions.edit', { name })}
            title={t('blocks.actions.editShort')}
          >
            <Pencil className="size-4" aria-hidden />
          </button>
          {block.systemBehavior !== 'INDELETABLE' && (
            <button
              type="button"
              onClick={() => onDelete(block)}
              className={cn(iconButtonClass, 'hover:bg-red-50 hover:text-red-600')}
              aria-label={t('blocks.actions.delete', { name })}
              title={t('blocks.actions.deleteShort')}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </footer>
    </article>
  );
}

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-[11px] font-medium',
        className,
      )}
    >
      {children}
    </span>
  );
}
