import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../components/ui/modal';
import '../lib/i18n';
import { AppToaster } from './app-toaster';

afterEach(() => {
  act(() => toast.remove());
  vi.restoreAllMocks();
});

describe('AppToaster', () => {
  it('draws toasts inside an open modal dialog, above its backdrop', async () => {
    const { rerender } = render(
      <>
        <Modal open onClose={() => {}} title="Generated prompt">
          <p>prompt text</p>
        </Modal>
        <AppToaster />
      </>,
    );
    act(() => {
      toast.success('Prompt copied!');
    });
    const dialog = screen.getByRole('dialog', { name: 'Generated prompt' });
    const inDialog = await screen.findByText('Prompt copied!');
    expect(dialog.contains(inDialog)).toBe(true);
    // Clicks go through to the dialog's controls.
    expect(dialog.querySelector('[data-rht-toaster]')?.className).toContain('pointer-events-none');

    // Once the dialog closes, toasts are back in the page.
    rerender(
      <>
        <Modal open={false} onClose={() => {}} title="Generated prompt">
          <p>prompt text</p>
        </Modal>
        <AppToaster />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByText('Prompt copied!')).isConnected).toBe(true);
  });

  it('shows toasts in a dialog under its title bar, clear of its title and Close', async () => {
    // A tall dialog on a short screen: its title bar ends 112 px from the viewport's top.
    const rect = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.matches('[data-dialog-header]')) return new DOMRect(64, 60, 1152, 52);
      return rect.call(this);
    });
    render(
      <>
        <Modal open onClose={() => {}} title="Apply answer">
          <p>review</p>
        </Modal>
        <AppToaster />
      </>,
    );
    act(() => {
      toast.success('Follow-up request copied');
    });
    const dialog = screen.getByRole('dialog', { name: 'Apply answer' });
    await screen.findByText('Follow-up request copied');
    const container = dialog.querySelector<HTMLElement>('[data-rht-toaster]')!;
    expect(container.style.top).toBe('120px');
  });
});
