import type { Block } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { BlockModal } from './block-modal';
import { initialValues, toBody } from './block-form';

const SYSTEM: Block = {
  id: 'sys1',
  name: 'Structure du projet',
  description: null,
  content: 'Arborescence…',
  type: 'PROJECT_STRUCTURE',
  color: '#8B5CF6',
  category: 'Blocs Fondamentaux',
  isSystemBlock: true,
  systemBehavior: 'INDELETABLE',
  subscription: null,
  sharedVersion: null,
  createdAt: '',
  updatedAt: '',
};

// Signed out: the block queries stay disabled, so nothing here reaches the network.
function renderModal(block: Block | null) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <BlockModal open block={block} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('BlockModal', () => {
  it('starts a new block at the type step and shows the validation messages by code', async () => {
    const user = userEvent.setup();
    renderModal(null);
    await user.click(screen.getByRole('button', { name: /Text block/ }));
    await user.click(screen.getByRole('button', { name: 'Create block' }));
    expect(screen.getByText('The name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('The content cannot be empty.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    // Typing clears the field's message.
    await user.type(screen.getByLabelText('Name'), 'Role');
    expect(screen.queryByText('The name cannot be empty.')).toBeNull();
  });

  it('shows the messages in French for a French user', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    renderModal(null);
    await user.click(screen.getByRole('button', { name: /Bloc de texte/ }));
    await user.click(screen.getByRole('button', { name: 'Créer le bloc' }));
    expect(screen.getByText('Le nom ne peut pas être vide.')).toBeTruthy();
    expect(screen.getByText('Le contenu ne peut pas être vide.')).toBeTruthy();
  });

  it("refuses a NUL or a lone surrogate with the server's message, in English and French", async () => {
    const user = userEvent.setup();
    renderModal(null);
    await user.click(screen.getByRole('button', { name: /Text block/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ro\u0000le' } });
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'You \uD800are' } });
    await user.click(screen.getByRole('button', { name: 'Create block' }));
    expect(screen.getByText('The text cannot contain a null character (U+0000).')).toBeTruthy();
    expect(
      screen.getByText('The text contains an invalid Unicode character (a lone surrogate).'),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
    await user.click(screen.getByRole('button', { name: 'Créer le bloc' }));
    expect(
      screen.getByText('Le texte ne peut pas contenir de caractère nul (U+0000).'),
    ).toBeTruthy();
  });

  it('hides reserved colours for user blocks', async () => {
    const user = userEvent.setup();
    renderModal(null);
    await user.click(screen.getByRole('button', { name: /Text block/ }));
    const names = screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'));
    expect(names).toHaveLength(8);
    expect(names).not.toContain('Violet');
    expect(names).not.toContain('Red');
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveProperty('checked', true);
  });

  it('opens a system block on its form without the content field, with every colour', () => {
    renderModal(SYSTEM);
    expect(screen.queryByRole('button', { name: /Text block/ })).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Project structure');
    expect(screen.queryByLabelText('Content')).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(/system block/);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.getByRole('radio', { name: 'Violet' })).toHaveProperty('checked', true);
  });
});

describe('block form values', () => {
  it('stores a dynamic task as prefix/suffix JSON and reads it back', () => {
    const values = { ...initialValues(null, 'DYNAMIC_TASK'), prefix: 'Do:', suffix: 'Thanks' };
    // Shown in the UI language, stored under the default names (docs/decisions/032).
    expect(values).toMatchObject({ name: 'Dynamic User Task', category: 'Dynamic task' });
    const body = toBody(values, null);
    expect(body).toMatchObject({ name: 'Dynamic User Task', category: 'Tâche Dynamique' });
    expect(JSON.parse(body.content)).toEqual({ prefix: 'Do:', suffix: 'Thanks' });
    const saved: Block = {
      ...SYSTEM,
      isSystemBlock: false,
      type: 'DYNAMIC_TASK',
      content: body.content,
    };
    expect(initialValues(saved, 'STATIC')).toMatchObject({
      prefix: 'Do:',
      suffix: 'Thanks',
    });
  });

  it('keeps the stored content of a system block', () => {
    const values = { ...initialValues(SYSTEM, 'STATIC'), content: 'tampered' };
    expect(toBody(values, SYSTEM).content).toBe(SYSTEM.content);
  });
});
