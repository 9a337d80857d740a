import { generatePrompt } from '@promptloom/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { usePromptStore, useSessionStore } from '../../session';
import { usePromptLanguage } from '../hooks/use-prompt-sources';
import { PromptLanguagePicker } from './prompt-language-picker';

const P = 'demo';

/** The prompt an answer-format block gives in the language the workspace would use. */
function AnswerFormatPrompt() {
  const language = usePromptLanguage();
  const [prompt, setPrompt] = useState('');
  useEffect(() => {
    void generatePrompt({
      mode: 'STANDALONE',
      project: null,
      items: [{ type: 'ANSWER_FORMAT', content: '', isActive: true }],
      finalRequest: '',
      selectedFiles: [],
      language,
    }).then((generated) => setPrompt(generated.prompt));
  }, [language]);
  return <output aria-label="Prompt">{prompt}</output>;
}

function Workspace() {
  return (
    <>
      <PromptLanguagePicker project={P} fieldClass="" selectClass="" />
      <AnswerFormatPrompt />
    </>
  );
}

const promptText = () => screen.getByRole('status', { name: 'Prompt' }).textContent ?? '';

beforeEach(() => {
  usePromptStore.getState().reset();
  useSessionStore.setState({ projectName: P });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Prompt language', () => {
  it('follows the interface by default and says which language that is', async () => {
    await i18n.changeLanguage('fr');
    render(<Workspace />);
    const select = screen.getByRole('combobox', { name: 'Langue du prompt' });
    expect(select).toHaveProperty('value', 'interface');
    expect(screen.getByRole('option', { name: 'Français (interface)' })).toBeTruthy();
    await waitFor(() => expect(promptText()).toContain('Quand vous modifiez des fichiers'));
  });

  it('with a French interface, English writes the instructions in English, and is kept', async () => {
    await i18n.changeLanguage('fr');
    render(<Workspace />);
    await waitFor(() => expect(promptText()).toContain('Quand vous modifiez des fichiers'));

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Langue du prompt' }),
      'English',
    );
    await waitFor(() => expect(promptText()).toContain('When you change files'));
    expect(promptText()).not.toContain('Quand vous modifiez');
    expect(usePromptStore.getState().projects[P]?.promptLanguage).toBe('en');
    await waitFor(() =>
      expect(localStorage.getItem(usePromptStore.persist.getOptions().name!)).toContain(
        '"promptLanguage":"en"',
      ),
    );

    // The interface changing language leaves a chosen prompt language alone.
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('combobox', { name: 'Prompt language' })).toHaveProperty('value', 'en');
    expect(promptText()).toContain('When you change files');
  });

  it('back to the interface language, the prompt follows the interface again', async () => {
    usePromptStore.getState().setPromptLanguage(P, 'fr');
    render(<Workspace />);
    await waitFor(() => expect(promptText()).toContain('Quand vous modifiez des fichiers'));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Prompt language' }),
      'English (interface)',
    );
    expect(usePromptStore.getState().projects[P]?.promptLanguage).toBeNull();
    await waitFor(() => expect(promptText()).toContain('When you change files'));
  });
});
