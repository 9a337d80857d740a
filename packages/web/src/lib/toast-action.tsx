import { TOAST_MS } from '../config/limits';
import hotToast from 'react-hot-toast';

/**
 * A toast with one action button (Undo after Clear). The action runs at most
 * once and closes the toast; the toast stays TOAST_MS.undo, time to change one's mind.
 */
export function toastWithAction(message: string, actionLabel: string, onAction: () => void) {
  return hotToast(
    (shown) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          onClick={() => {
            hotToast.dismiss(shown.id);
            onAction();
          }}
          className="rounded-md px-2 py-1 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {actionLabel}
        </button>
      </span>
    ),
    { duration: TOAST_MS.undo },
  );
}
