import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '#web/lib/i18n.ts';
import { useConnectionStore } from '../../project-files';
import { usePromptStore, useSessionStore } from '../../session';
import { useSuggestStore } from '../stores/suggest-store';
import { SuggestButton } from './suggest-button';

const connect = () =>
  useConnectionStore.getState().setProvider({
    kind: 'upload',
    rootName: 'demo',
    unrepresentable: [],
    list: () => Promise.resolve([]),
    stat: () => Promise.resolve({ size: 0, mtime: 0 }),
    readFile: () => Promise.resolve(new Uint8Array()),
  });

describe('Suggest files', () => {
  it('is enabled once a folder is open and the request holds more than blanks, and opens the region', () => {
    act(() => {
      useSessionStore.setState({ projectName: 'demo', sessionMode: 'PROJECT' });
      usePromptStore.getState().setFinalRequest('demo', '');
      useConnectionStore.getState().setProvider(null);
      useSuggestStore.setState({ open: false });
    });
    render(<SuggestButton regionId="region" />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Suggest files' });
    expect(button.disabled).toBe(true);
    act(() => usePromptStore.getState().setFinalRequest('demo', 'Fix parseArgs'));
    expect(button.disabled).toBe(true);
    act(connect);
    expect(button.disabled).toBe(false);
    act(() => usePromptStore.getState().setFinalRequest('demo', '   '));
    expect(button.disabled).toBe(true);
    act(() => usePromptStore.getState().setFinalRequest('demo', 'Fix parseArgs'));
    fireEvent.click(button);
    expect(useSuggestStore.getState().open).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('is not there in standalone mode', () => {
    act(() => {
      useSessionStore.setState({ projectName: 'standalone', sessionMode: 'STANDALONE' });
      usePromptStore.getState().setFinalRequest('standalone', 'Fix parseArgs');
    });
    render(<SuggestButton regionId="region" />);
    expect(screen.queryByRole('button', { name: 'Suggest files' })).toBeNull();
  });
});
