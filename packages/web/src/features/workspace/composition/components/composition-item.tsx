import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type Block } from '@promptloom/core';
import { DISPLAY_FALLBACK_COLOR } from '#web/config/limits.ts';
import { Eye, EyeOff, GripVertical, Pencil, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { blockDisplayName } from '../../../blocks';
import type { CompositionItem as Item } from '../../session';
import { RequestInput } from './request-input';
import { SuggestFiles } from '../../suggest';
import { AnswerFormatControl } from './answer-format-control';
import { ChangesCost } from './changes-cost';
import { StructureModeControl } from './structure-mode-control';
import { IconButton } from '#web/components/ui/icon-button.tsx';

interface Props {
  item: Item;
  block: Block | undefined;
  /** Standalone session and a project-only block: shown dimmed, struck through, inactive. */
  needsProjectContext: boolean;
  onRemove: () => void;
  onToggle: () => void;
  onEdit: (block: Block) => void;
}

/** One sortable row of the current composition. */
export function CompositionItemRow({
  item,
  block,
  needsProjectContext,
  onRemove,
  onToggle,
  onEdit,
}: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.instanceId,
  });
  const name = block ? blockDisplayName(block) : t('workspace.composition.unknownBlock');
  const inactive = !item.isActive || needsProjectContext;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={name}
      className={cn(
        'group rounded-lg border bg-white shadow-xs',
        isDragging ? 'z-10 border-indigo-300 shadow-lg' : 'border-slate-200',
      )}
    >
      <div className="flex items-center gap-2 px-2 py-2">
        <button
          type="button"
          {...attributes}
          {...listeners}
          aria-label={t('workspace.composition.dragHandle', { name })}
          className="cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <span
          className="size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: block?.color ?? DISPLAY_FALLBACK_COLOR }}
          aria-hidden
        />
        <div className={cn('min-w-0 flex-1', inactive && 'opacity-50')}>
          {/* Two lines before an ellipsis: longer names (French ones) stay readable. */}
          <p
            title={name}
            className={cn(
              'line-clamp-2 text-sm font-medium break-words text-slate-800',
              needsProjectContext && 'line-through',
            )}
          >
            {name}
          </p>
          {needsProjectContext ? (
            <p className="text-xs text-amber-700">{t('workspace.composition.needsProject')}</p>
          ) : (
            !item.isActive && (
              <p className="text-xs text-slate-500">{t('workspace.composition.inactive')}</p>
            )
          )}
        </div>
        {block && (
          <span className="hidden rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-medium tracking-wide text-slate-500 uppercase sm:inline">
            {t(`workspace.blockTypes.${block.type}`)}
          </span>
        )}
        <div className="flex items-center">
          <IconButton
            role="switch"
            aria-checked={item.isActive}
            label={t('workspace.composition.toggleActive', { name })}
            onClick={onToggle}
            className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            {item.isActive ? (
              <Eye className="size-4" aria-hidden />
            ) : (
              <EyeOff className="size-4" aria-hidden />
            )}
          </IconButton>
          {block && (
            <IconButton
              label={t('workspace.composition.editBlock', { name })}
              onClick={() => onEdit(block)}
              className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <Pencil className="size-4" aria-hidden />
            </IconButton>
          )}
          <IconButton
            label={t('workspace.composition.remove', { name })}
            onClick={onRemove}
            className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600"
          >
            <X className="size-4" aria-hidden />
          </IconButton>
        </div>
      </div>
      {block?.type === 'PROJECT_STRUCTURE' && item.isActive && !needsProjectContext && (
        <div className="border-t border-slate-100 px-3 py-2">
          <StructureModeControl instanceId={item.instanceId} />
        </div>
      )}
      {block?.type === 'ANSWER_FORMAT' && item.isActive && (
        <div className="border-t border-slate-100 px-3 py-2">
          <AnswerFormatControl instanceId={item.instanceId} />
        </div>
      )}
      {block?.type === 'CHANGES_SINCE_LAST_PROMPT' && item.isActive && !needsProjectContext && (
        <div className="border-t border-slate-100 px-3 py-2">
          <ChangesCost />
        </div>
      )}
      {block?.type === 'DYNAMIC_TASK' && item.isActive && (
        <div className="border-t border-slate-100 px-3 pt-2 pb-3">
          <RequestInput />
          <SuggestFiles />
        </div>
      )}
    </li>
  );
}
