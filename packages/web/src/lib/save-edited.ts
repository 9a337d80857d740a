import { errorMessage } from './error-message';
import { toast } from './toast';

/** The sentences a save shows, under the same keys in each feature's `toast` group. */
export type SaveToastKey = 'saving' | 'created' | 'updated' | 'saveError';

/** What a create/edit modal saves through: its two mutations. */
interface SaveMutations<Item, Body> {
  create: { mutateAsync: (body: Body) => Promise<Item> };
  update: { mutateAsync: (change: { id: string; body: Body }) => Promise<Item> };
}

/**
 * The save of a create/edit modal (a block's, a composition's): `edited` null creates, else
 * updates it; a loading toast that turns into the outcome's (`text` gives each sentence, the
 * failure's with its reason). Saved, `onSaved` runs, then the modal closes; a failure first
 * goes to `onError` (a field the server refused), and the modal stays open.
 */
export async function saveEdited<Item, Body>(
  { create, update }: SaveMutations<Item, Body>,
  edited: { id: string } | null,
  body: Body,
  after: {
    text: (key: SaveToastKey, message?: string) => string;
    onSaved?: (item: Item, created: boolean) => void;
    onClose: () => void;
    onError?: (error: unknown) => void;
  },
): Promise<void> {
  const toastId = toast.loading(after.text('saving'));
  try {
    const saved = edited
      ? await update.mutateAsync({ id: edited.id, body })
      : await create.mutateAsync(body);
    toast.success(after.text(edited ? 'updated' : 'created'), toastId);
    after.onSaved?.(saved, !edited);
    after.onClose();
  } catch (error) {
    after.onError?.(error);
    toast.error(after.text('saveError', errorMessage(error)), toastId);
  }
}
