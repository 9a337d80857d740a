import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderUi, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePromptStore, useSessionStore } from '../../session';
import { TopBar } from './top-bar';

const resize = (width: number) => {
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }
  ).happyDOM.setViewport({ width });
};

const render = (ui: ReactElement) =>
  renderUi(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

beforeEach(() => {
  usePromptStore.getState().reset();
  useSessionStore.setState({ projectName: 'sample', sessionMode: 'PROJECT' });
});

afterEach(() => resize(1024));

describe('TopBar prompt settings', () => {
  it('on a phone, folds the settings behind a disclosure that names the model', async () => {
    resize(390);
    render(<TopBar />);
    const toggle = screen.getByRole('button', { name: 'Prompt settings' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const summary = document.getElementById(toggle.getAttribute('aria-describedby')!);
    expect(summary?.textContent).toBe('Default (cl100k_base)');
    expect(screen.queryByRole('region', { name: 'Prompt settings' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Model' })).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const settings = screen.getByRole('region', { name: 'Prompt settings' });
    expect(toggle.getAttribute('aria-controls')).toBe(settings.id);
    for (const [role, name] of [
      ['combobox', 'Model'],
      ['spinbutton', 'Answer reserve'],
      ['combobox', 'Prompt format'],
      ['combobox', 'Prompt language'],
    ] as const) {
      expect(screen.getByRole(role, { name })).toBeTruthy();
    }
  });

  it('on a wide screen, shows the settings with no disclosure', () => {
    resize(1280);
    render(<TopBar />);
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Prompt settings' })).toBeNull();
  });
});
