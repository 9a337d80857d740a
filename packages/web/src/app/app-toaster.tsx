import { TOAST_MS } from '../config/limits';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import {
  resolveValue,
  toast,
  Toaster,
  ToastIcon,
  useToaster,
  useToasterStore,
  type DefaultToastOptions,
} from 'react-hot-toast';
import { useTopDialog } from '../components/ui/open-dialogs';

/** Above the summary bar (about 52 px) and the files notice that may sit on it. */
const TOAST_BOTTOM_PX = 96;

const TOAST_OPTIONS: DefaultToastOptions = {
  duration: TOAST_MS.default,
  success: { duration: TOAST_MS.shellSuccess },
  error: { duration: TOAST_MS.shellError },
  className: 'text-sm! bg-white! text-slate-800! shadow-lg! ring-1! ring-slate-200!',
};

/**
 * The toasts of an open dialog, in its own room between its content and its buttons: they take
 * their place in the dialog's flow (its content scrolls in what is left) rather than float
 * over it, so they hide neither the content, the title nor a control, and an action they
 * offer (Undo) is reachable inside the dialog's focus trap.
 */
function DialogToasts() {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const shown = toasts.filter((item) => item.visible);
  if (shown.length === 0) return null;
  return (
    <div
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
      className="flex flex-col items-center gap-2 border-t border-slate-200 px-5 py-2"
    >
      {shown.map((item) => (
        <div
          key={item.id}
          {...item.ariaProps}
          className="flex max-w-full items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 transition-opacity duration-200 starting:opacity-0"
        >
          {item.type !== 'custom' && <ToastIcon toast={item} />}
          <div className="min-w-0">{resolveValue(item.message, item)}</div>
        </div>
      ))}
    </div>
  );
}

/**
 * Toasts bottom-right with the shell's durations (TOAST_MS), at most TOAST_MS.max at once,
 * raised above the workspace's summary bar so they never cover Generate. While a modal dialog
 * is open they are drawn inside it (no z-index reaches above the browser's top layer, where
 * the dialog and its backdrop sit), in the room the dialog keeps for them above its buttons.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const topDialog = useTopDialog();
  const slot = topDialog?.querySelector<HTMLElement>('[data-dialog-toasts]') ?? null;

  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_MS.max)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  if (slot) return createPortal(<DialogToasts />, slot);
  return (
    <Toaster
      position="bottom-right"
      gutter={8}
      containerStyle={{ bottom: TOAST_BOTTOM_PX }}
      toastOptions={TOAST_OPTIONS}
    />
  );
}
