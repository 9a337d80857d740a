import { errorMessage } from './error-message';
import { toast } from './toast';

/** The toasts of a save, in the caller's words. */
export interface SaveToasts {
  saving: string;
  /** Shown once saved: the created or the updated sentence. */
  saved: string;
  failed: (message: string) => string;
}

/**
 * The save of a create/edit modal (a block's, a composition's): `edited` null creates, else
 * updates it; a loading toast that turns into the outcome's. Saved, `onSaved` runs, then the
 * modal closes; a failure first goes to `onError` (a field the server refused), stays open.
 */
export async function saveEdited<Item, Body>(save: {
  edited: { id: string } | null;
  body: Body;
  create: (body: Body) => Promise<Item>;
  update: (change: { id: string; body: Body }) => Promise<Item>;
  toasts: SaveToasts;
  onSaved?: (item: Item, created: boolean) => void;
  onClose: () => void;
  onError?: (error: unknown) => void;
}): Promise<void> {
  const { edited, body, toasts } = save;
  const toastId = toast.loading(toasts.saving);
  try {
    const saved = edited ? await save.update({ id: edited.id, body }) : await save.create(body);
    toast.success(toasts.saved, toastId);
    save.onSaved?.(saved, !edited);
    save.onClose();
  } catch (error) {
    save.onError?.(error);
    toast.error(toasts.failed(errorMessage(error)), toastId);
  }
}
