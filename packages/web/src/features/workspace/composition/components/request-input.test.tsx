import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '#web/lib/i18n.ts';
import { usePromptStore, useSessionStore } from '../../session';
import { RequestInput } from './request-input';

describe('RequestInput', () => {
  it('keeps typing in the store, and shows a request changed elsewhere', () => {
    act(() => {
      useSessionStore.setState({ projectName: 'demo' });
      usePromptStore.getState().setFinalRequest('demo', 'Hi');
    });
    render(<RequestInput />);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Final request');
    expect(field.value).toBe('Hi');

    fireEvent.change(field, { target: { value: 'Hi there' } });
    expect(usePromptStore.getState().projects.demo?.finalRequest).toBe('Hi there');
    expect(screen.getByText(/^8\b/)).toBeTruthy();

    // Clear, a restored history entry, logout: the field shows what the store holds.
    act(() => usePromptStore.getState().clearComposition('demo'));
    expect(field.value).toBe('');
    act(() => usePromptStore.getState().setFinalRequest('demo', 'Restored'));
    expect(field.value).toBe('Restored');
  });

  it('shows another project’s request when the project changes', () => {
    act(() => {
      useSessionStore.setState({ projectName: 'one' });
      usePromptStore.getState().setFinalRequest('one', 'First');
      usePromptStore.getState().setFinalRequest('two', 'Second');
    });
    render(<RequestInput />);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Final request');
    expect(field.value).toBe('First');
    act(() => {
      useSessionStore.setState({ projectName: 'two' });
    });
    expect(field.value).toBe('Second');
  });
});
