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
  it('draws toasts inside an open modal dialog, in its flow between content and buttons', async () => {
    const { rerender } = render(
      <>
        <Modal
          open
          onClose={() => {}}
          title="Generated prompt"
          footer={<button type="button">Copy</button>}
        >
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
    // Not a layer over the dialog (react-hot-toast's fixed container): a block of its own,
    // after the content and before the buttons, so it covers neither.
    expect(dialog.querySelector('[data-rht-toaster]')).toBeNull();
    const room = inDialog.closest('[data-dialog-toasts]')!;
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByText('prompt text'), room)).toBe(true);
    expect(follows(room, screen.getByRole('button', { name: 'Copy' }))).toBe(true);
    for (let node: Element | null = inDialog; node && node !== dialog; node = node.parentElement) {
      expect(['fixed', 'absolute']).not.toContain(getComputedStyle(node).position);
      expect(getComputedStyle(node).opacity).not.toBe('0');
    }

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

  it('keeps an action a toast offers usable inside the dialog', async () => {
    const onUndo = vi.fn();
    render(
      <>
        <Modal open onClose={() => {}} title="Apply answer">
          <p>review</p>
        </Modal>
        <AppToaster />
      </>,
    );
    act(() => {
      toast(() => (
        <button type="button" onClick={onUndo}>
          Undo
        </button>
      ));
    });
    const dialog = screen.getByRole('dialog', { name: 'Apply answer' });
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(dialog.contains(undo)).toBe(true);
    act(() => undo.click());
    expect(onUndo).toHaveBeenCalledOnce();
  });
});
