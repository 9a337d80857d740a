import { DndContext, KeyboardSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable } from '@dnd-kit/sortable';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { reorderAnnouncements } from './reorder-announcements';

const NAMES: Record<string, string> = {
  'id-1': 'Project structure',
  'id-2': 'Selected files content',
  'id-3': 'Request',
};
const IDS = Object.keys(NAMES);

function Row({ id }: { id: string }) {
  const { attributes, listeners, setNodeRef } = useSortable({ id });
  return (
    <li ref={setNodeRef}>
      <button type="button" {...attributes} {...listeners} aria-label={`Move ${NAMES[id]}`} />
    </li>
  );
}

function List() {
  const sensors = useSensors(useSensor(KeyboardSensor));
  return (
    <DndContext
      sensors={sensors}
      accessibility={{
        announcements: reorderAnnouncements(IDS, (id) => NAMES[String(id)] ?? '', i18n.t),
      }}
    >
      <SortableContext items={IDS}>
        <ol>
          {IDS.map((id) => (
            <Row key={id} id={id} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** The live region dnd-kit announces into. */
const liveRegion = () => document.querySelector('[aria-live="assertive"]');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('reorder announcements', () => {
  it('name the block and its position among all, not internal ids', async () => {
    render(<List />);
    screen.getByRole('button', { name: 'Move Selected files content' }).focus();
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(liveRegion()?.textContent).toBe(
        'Picked up Selected files content at position 2 of 3.',
      ),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(liveRegion()?.textContent).toBe(
        'Move cancelled; Selected files content is back at position 2 of 3.',
      ),
    );
  });

  it('say where a block moved, in French too', async () => {
    await i18n.changeLanguage('fr');
    const say = reorderAnnouncements(IDS, (id) => NAMES[String(id)] ?? '', i18n.t);
    const active = { id: 'id-1' } as never;
    expect(say.onDragOver({ active, over: { id: 'id-2' } } as never)).toBe(
      'Project structure déplacé en position 2 sur 3.',
    );
    await i18n.changeLanguage('en');
    const en = reorderAnnouncements(IDS, (id) => NAMES[String(id)] ?? '', i18n.t);
    expect(en.onDragEnd({ active, over: { id: 'id-3' } } as never)).toBe(
      'Project structure dropped at position 3 of 3.',
    );
  });
});
