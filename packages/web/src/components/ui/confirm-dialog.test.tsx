import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { confirm, ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('resolves true on confirm and false on cancel', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Delete block?', message: 'It cannot be undone.' });
    });
    expect(await screen.findByText('It cannot be undone.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirm({ title: 'Delete block?', message: 'Again?' });
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('falls back to the default labels instead of the previous call’s', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Restore?', message: 'Restore it', confirmText: 'Restore' });
    });
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await answer;
    act(() => {
      answer = confirm({ title: 'Delete?', message: 'Delete it' });
    });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('focuses Cancel on opening, not Close; Close and Escape still cancel', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ title: 'Delete block?', message: 'It cannot be undone.' });
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = confirm({ title: 'Delete block?', message: 'Again?' });
    });
    expect(document.activeElement).toBe(await screen.findByRole('button', { name: 'Cancel' }));
    // Escape on a modal <dialog>: the browser fires `cancel` on it.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await expect(answer).resolves.toBe(false);
  });
});
