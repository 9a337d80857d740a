import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveEdited, type SaveToasts } from './save-edited';
import { toast } from './toast';

vi.mock('./toast', () => ({
  toast: { loading: vi.fn(() => 'toast-1'), success: vi.fn(), error: vi.fn() },
}));

const toasts: SaveToasts = {
  saving: 'Saving…',
  saved: 'Saved!',
  failed: (message) => `Could not save: ${message}`,
};

function handlers() {
  return {
    create: vi.fn((body: string) => Promise.resolve({ id: 'new', body })),
    update: vi.fn(({ id, body }: { id: string; body: string }) => Promise.resolve({ id, body })),
    onSaved: vi.fn(),
    onClose: vi.fn(),
    onError: vi.fn(),
  };
}

beforeEach(() => vi.clearAllMocks());

describe('saveEdited', () => {
  it('creates when nothing is edited, then says so, reports it and closes', async () => {
    const h = handlers();
    await saveEdited({ edited: null, body: 'b', toasts, ...h });
    expect(h.create).toHaveBeenCalledWith('b');
    expect(h.update).not.toHaveBeenCalled();
    expect(toast.loading).toHaveBeenCalledWith('Saving…');
    expect(toast.success).toHaveBeenCalledWith('Saved!', 'toast-1');
    expect(h.onSaved).toHaveBeenCalledWith({ id: 'new', body: 'b' }, true);
    expect(h.onClose).toHaveBeenCalled();
  });

  it('updates the edited item and reports it as not created', async () => {
    const h = handlers();
    await saveEdited({ edited: { id: 'a' }, body: 'b', toasts, ...h });
    expect(h.update).toHaveBeenCalledWith({ id: 'a', body: 'b' });
    expect(h.onSaved).toHaveBeenCalledWith({ id: 'a', body: 'b' }, false);
  });

  it('keeps the modal open on a failure, with the reason in the toast', async () => {
    const h = handlers();
    const failure = new Error('quota');
    h.create.mockRejectedValueOnce(failure);
    await saveEdited({ edited: null, body: 'b', toasts, ...h });
    expect(h.onError).toHaveBeenCalledWith(failure);
    expect(toast.error).toHaveBeenCalledWith('Could not save: quota', 'toast-1');
    expect(h.onSaved).not.toHaveBeenCalled();
    expect(h.onClose).not.toHaveBeenCalled();
  });
});
