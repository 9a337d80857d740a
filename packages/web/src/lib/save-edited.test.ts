import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveEdited, type SaveToastKey } from './save-edited';
import { toast } from './toast';

vi.mock('./toast', () => ({
  toast: { loading: vi.fn(() => 'toast-1'), success: vi.fn(), error: vi.fn() },
}));

const text = (key: SaveToastKey, message?: string) => (message ? `${key}: ${message}` : key);

function setup() {
  const mutations = {
    create: { mutateAsync: vi.fn((body: string) => Promise.resolve({ id: 'new', body })) },
    update: {
      mutateAsync: vi.fn(({ id, body }: { id: string; body: string }) =>
        Promise.resolve({ id, body }),
      ),
    },
  };
  const after = { text, onSaved: vi.fn(), onClose: vi.fn(), onError: vi.fn() };
  return { mutations, after };
}

beforeEach(() => vi.clearAllMocks());

describe('saveEdited', () => {
  it('creates when nothing is edited, then says so, reports it and closes', async () => {
    const { mutations, after } = setup();
    await saveEdited(mutations, null, 'b', after);
    expect(mutations.create.mutateAsync).toHaveBeenCalledWith('b');
    expect(mutations.update.mutateAsync).not.toHaveBeenCalled();
    expect(toast.loading).toHaveBeenCalledWith('saving');
    expect(toast.success).toHaveBeenCalledWith('created', 'toast-1');
    expect(after.onSaved).toHaveBeenCalledWith({ id: 'new', body: 'b' }, true);
    expect(after.onClose).toHaveBeenCalled();
  });

  it('updates the edited item and reports it as not created', async () => {
    const { mutations, after } = setup();
    await saveEdited(mutations, { id: 'a' }, 'b', after);
    expect(mutations.update.mutateAsync).toHaveBeenCalledWith({ id: 'a', body: 'b' });
    expect(toast.success).toHaveBeenCalledWith('updated', 'toast-1');
    expect(after.onSaved).toHaveBeenCalledWith({ id: 'a', body: 'b' }, false);
  });

  it('keeps the modal open on a failure, with the reason in the toast', async () => {
    const { mutations, after } = setup();
    const failure = new Error('quota');
    mutations.create.mutateAsync.mockRejectedValueOnce(failure);
    await saveEdited(mutations, null, 'b', after);
    expect(after.onError).toHaveBeenCalledWith(failure);
    expect(toast.error).toHaveBeenCalledWith('saveError: quota', 'toast-1');
    expect(after.onSaved).not.toHaveBeenCalled();
    expect(after.onClose).not.toHaveBeenCalled();
  });
});
