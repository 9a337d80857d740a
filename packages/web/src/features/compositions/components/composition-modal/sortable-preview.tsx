import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type Block } from '@promptloom/core';
import { DISPLAY_FALLBACK_COLOR, KEYBOARD_DRAG_STEP_PX } from '#web/config/limits.ts';
import { GripVertical, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { blockDisplayName } from '../../../blocks';
import type { PreviewItem } from './preview-item';
import { IconButton } from '#web/components/ui/icon-button.tsx';

/** Arrow keys move the dragged item by a keyboard step of 25 px. */
const keyboardStep: KeyboardCoordinateGetter = (event, { currentCoordinates: c }) => {
  const step = KEYBOARD_DRAG_STEP_PX;
  switch (event.code) {
    case 'ArrowDown':
      return { ...c, y: c.y + step };
    case 'ArrowUp':
      return { ...c, y: c.y - step };
    case 'ArrowRight':
      return { ...c, x: c.x + step };
    case 'ArrowLeft':
      return { ...c, x: c.x - step };
    default:
      return undefined;
  }
};

/** The ordered preview: drag to reorder with the pointer or the keyboard, remove per item. */
export function SortablePreview({
  items,
  blocksById,
  onChange,
}: {
  items: readonly PreviewItem[];
  blocksById: ReadonlyMap<string, Block>;
  onChange: (items: PreviewItem[]) => void;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardStep }),
  );
  const nameOf = (id: string | number) => {
    const item = items.find((i) => i.instanceId === id);
    const block = item && blocksById.get(item.blockId);
    return block ? blockDisplayName(block) : '';
  };
  const positionOf = (id: string | number | undefined) =>
    items.findIndex((i) => i.instanceId === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('compositions.dnd.picked', { name: nameOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('compositions.dnd.moved', { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('compositions.dnd.dropped', {
        name: nameOf(active.id),
        position: positionOf(over?.id ?? active.id),
      }),
    onDragCancel: ({ active }) => t('compositions.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.instanceId === active.id);
    const to = items.findIndex((i) => i.instanceId === over.id);
    if (from !== -1 && to !== -1) onChange(arrayMove([...items], from, to));
  };
  const ids = useMemo(() => items.map((i) => i.instanceId), [items]);

  return (
    <div className="h-96 overflow-y-auto rounded-md border border-slate-200 p-2">
      {items.length === 0 ? (
        <p className="flex h-full items-center justify-center px-6 text-center text-sm text-slate-500">
          {t('compositions.modal.previewEmpty')}
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('compositions.dnd.instructions') },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol aria-label={t('compositions.modal.preview')} className="space-y-1.5">
              {items.map((item, index) => (
                <SortableRow
                  key={item.instanceId}
                  item={item}
                  index={index}
                  block={blocksById.get(item.blockId)}
                  onRemove={() => onChange(items.filter((i) => i !== item))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

function SortableRow({
  item,
  index,
  block,
  onRemove,
}: {
  item: PreviewItem;
  index: number;
  block: Block | undefined;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.instanceId });
  const name = block ? blockDisplayName(block) : t('compositions.modal.unknownBlock');
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 rounded-md bg-white px-2 py-2 text-sm ring-1 ring-slate-200',
        isDragging && 'relative z-10 shadow-lg ring-indigo-400',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('compositions.modal.reorder', { name, position: index + 1 })}
        className="cursor-grab touch-none rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <span className="w-5 text-right text-xs text-slate-400 tabular-nums">{index + 1}</span>
      <span
        aria-hidden
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: block?.color ?? DISPLAY_FALLBACK_COLOR }}
      />
      <span className="min-w-0 flex-1 truncate text-slate-800">{name}</span>
      <IconButton
        onClick={onRemove}
        label={t('compositions.modal.removeItem', { name, position: index + 1 })}
        className="rounded p-0.5 text-slate-400 hover:bg-red-50 hover:text-red-600"
      >
        <X className="size-4" aria-hidden />
      </IconButton>
    </li>
  );
}
