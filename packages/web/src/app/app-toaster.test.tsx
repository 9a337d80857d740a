import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../components/ui/modal';
import '../lib/i18n';
import { AppToaster } from './app-toaster';

afterEach(() => {
  act(() => toast.remove());
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
});
