import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from './restrict-vertical';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { oneItemStep } from './one-item-step';
import type { Block } from '@promptloom/core';
import { Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import {
  useLibraryData,
  useProjectComposition,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { needsProject } from '../lib/block-rules';
import { reorderAnnouncements } from '../lib/reorder-announcements';
import { blockDisplayName } from '../../../blocks';
import { AddTaskCallout } from './add-task-callout';
import { CompositionActions } from './composition-actions';
import { CompositionItemRow } from './composition-item';
import { HiddenBlocksNote } from './hidden-blocks-note';

/** Right pane: the current composition, reorderable with pointer and keyboard. */
export function CompositionPanel({ onEditBlock }: { onEditBlock: (block: Block) => void }) {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const standalone = useSessionStore((s) => s.sessionMode === 'STANDALONE');
  const currentComposition = useProjectComposition(project);
  const { blocksById } = useLibraryData();
  const { reorder, removeInstance, toggleActive } = usePromptStore.getState();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // One arrow press moves a picked-up block one position (decision 029; a fixed 25 px step
    // took two or more, sortableKeyboardCoordinates none past a taller block).
    useSensor(KeyboardSensor, { coordinateGetter: oneItemStep }),
  );

  const ids = currentComposition.map((i) => i.instanceId);
  const announcements = reorderAnnouncements(
    ids,
    (id) => {
      const block = blocksById.get(
        currentComposition.find((i) => i.instanceId === id)?.blockId ?? '',
      );
      return block ? blockDisplayName(block) : '';
    },
    t,
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = currentComposition.findIndex((i) => i.instanceId === active.id);
    const to = currentComposition.findIndex((i) => i.instanceId === over.id);
    if (from >= 0 && to >= 0) reorder(project, from, to);
  };

  return (
    <section aria-labelledby="composition-title" className="flex h-full min-h-0 flex-col">
      {/* Wraps rather than squeezes: on a phone in French the title and the buttons would
          each fold onto two lines; wrapped, each keeps one line. */}
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="composition-title" className="text-sm font-semibold text-slate-900">
          {t('workspace.composition.title', { count: currentComposition.length })}
        </h2>
        <CompositionActions />
      </header>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4">
        <HiddenBlocksNote />
        <AddTaskCallout />
        {currentComposition.length === 0 ? (
          <EmptyState
            icon={Layers}
            title={t('workspace.composition.emptyTitle')}
            description={t('workspace.composition.emptyDescription')}
          />
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[restrictToVerticalAxis]}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('workspace.composition.dragInstructions') },
            }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <ol aria-label={t('workspace.composition.listLabel')} className="space-y-2">
                {currentComposition.map((item) => {
                  const block = blocksById.get(item.blockId);
                  return (
                    <CompositionItemRow
                      key={item.instanceId}
                      item={item}
                      block={block}
                      needsProjectContext={standalone && !!block && needsProject(block)}
                      onRemove={() => removeInstance(project, item.instanceId)}
                      onToggle={() => toggleActive(project, item.instanceId)}
                      onEdit={onEditBlock}
                    />
                  );
                })}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </div>
    </section>
  );
}
