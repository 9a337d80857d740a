import { type Block, type Composition } from '@promptloom/core';
import { COMPOSITION_CARD_BLOCKS, DISPLAY_FALLBACK_COLOR } from '../../../config/limits';
import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { IconButton } from '../../../components/ui/icon-button';
import { blockDisplayName } from '../../blocks';

const iconButton =
  'rounded-md p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * A saved composition: name, block count, the first
 * blocks in order with their colour, '+N more', and edit/delete shown on hover or focus.
 * Names and colours come from the live block list when it has them.
 */
export function CompositionCard({
  composition,
  blocksById,
  onEdit,
  onDelete,
}: {
  composition: Composition;
  blocksById: ReadonlyMap<string, Block>;
  onEdit: (composition: Composition) => void;
  onDelete: (composition: Composition) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ordered = [...composition.blocks].sort((a, b) => a.order - b.order);
  const shown = ordered.slice(0, COMPOSITION_CARD_BLOCKS);
  const more = ordered.length - shown.length;

  return (
    <article
      aria-labelledby={titleId}
      className="group relative rounded-lg border border-slate-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          {/* h2: the cards sit right under the page's h1, with no section heading between. */}
          <h2 id={titleId} className="truncate font-medium text-slate-900" title={composition.name}>
            {composition.name}
          </h2>
          <p className="text-xs text-slate-500">
            {t('compositions.blockCount', { count: ordered.length })}
          </p>
        </div>
        <div
          className={cn(
            'flex gap-0.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100',
          )}
        >
          <IconButton
            onClick={() => onEdit(composition)}
            className={iconButton}
            label={t('compositions.actions.edit', { name: composition.name })}
          >
            <Pencil className="size-4" aria-hidden />
          </IconButton>
          <IconButton
            onClick={() => onDelete(composition)}
            className={cn(iconButton, 'hover:bg-red-50 hover:text-red-600')}
            label={t('compositions.actions.delete', { name: composition.name })}
          >
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      </div>
      <ol className="mt-3 space-y-1" aria-label={t('compositions.card.blocks')}>
        {shown.map((item) => {
          const live = blocksById.get(item.blockId);
          return (
            <li key={item.order} className="flex items-center gap-2 text-sm text-slate-700">
              <span
                aria-hidden
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: live?.color ?? item.color ?? DISPLAY_FALLBACK_COLOR }}
              />
              <span className="truncate">{blockDisplayName(live ?? item)}</span>
            </li>
          );
        })}
      </ol>
      {more > 0 && (
        <p className="mt-1 text-xs text-slate-500">
          {t('compositions.card.more', { count: more })}
        </p>
      )}
    </article>
  );
}
