import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../components/ui/modal';
import '../lib/i18n';
import { AppToaster } from './app-toaster';

afterEach(() => {
  act(() => toast.remove());
  vi.restoreAllMocks();
});

/** An open dialog beside the app's toaster, as the app renders them. */
function renderDialog(footer?: ReactNode) {
  return render(
    <>
      <Modal open onClose={() => {}} title="Apply answer" footer={footer}>
        <p>review</p>
      </Modal>
      <AppToaster />
    </>,
  );
}

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
    renderDialog();
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

  it('stacks older toasts behind a toggle that lists them, each its own status', async () => {
    renderDialog();
    act(() => {
      toast('First');
      toast('Second');
      toast('Third');
    });
    const dialog = screen.getByRole('dialog', { name: 'Apply answer' });
    const more = await screen.findByRole('button', { name: '+2 more' });
    expect(dialog.contains(more)).toBe(true);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // It names the two toasts behind the newest; each keeps its live region.
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((item) => item.textContent)).toEqual(['Third', 'Second', 'First']);
    const controlled = more.getAttribute('aria-controls')!.split(' ');
    expect(controlled).toEqual([statuses[1]!.id, statuses[2]!.id]);
    // Before them in the document: a new toast is added in front, no toast is moved.
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(statuses.every((item) => follows(more, item))).toBe(true);

    act(() => more.click());
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    act(() => less.click());
    expect(screen.getByRole('button', { name: '+2 more' })).toBe(less);
  });

  it("holds a dialog's toasts while focus is among them, and lets go when it leaves", () => {
    vi.useFakeTimers();
    try {
      renderDialog(<button type="button">Apply</button>);
      act(() => {
        toast(() => <button type="button">Undo</button>, { duration: 1_000 });
      });
      const undo = screen.getByRole('button', { name: 'Undo' });
      act(() => undo.focus());
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(undo.isConnected).toBe(true);

      act(() => screen.getByRole('button', { name: 'Apply' }).focus());
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
