import { TOAST_MS } from '../config/limits';
import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';
import { useTopDialog } from '../components/ui/open-dialogs';

/** Above the summary bar (about 52 px) and the files notice that may sit on it. */
const TOAST_BOTTOM_PX = 96;
/** Room between a dialog's title bar and the first toast under it. */
const BELOW_TITLE_PX = 8;

/**
 * Where the dialog's title bar ends in the viewport, kept up to date as the dialog grows,
 * shrinks (it is centred: its top moves) or the window is resized. 0 without a dialog.
 */
function useTitleBarBottom(dialog: HTMLDialogElement | null): number {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    const header = dialog?.querySelector('[data-dialog-header]');
    if (!dialog || !header) return;
    const measure = () => setBottom(Math.max(0, header.getBoundingClientRect().bottom));
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(dialog);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [dialog]);
  return dialog ? bottom : 0;
}

/**
 * Toasts bottom-right with the shell's durations (TOAST_MS), at most TOAST_MS.max at once,
 * raised above the workspace's summary bar so they never cover Generate. While a modal dialog
 * is open they are drawn inside it: no z-index reaches above the browser's top layer, where
 * the dialog and its backdrop sit. There they show just under the dialog's title bar, so its
 * title and Close stay in view, away from the dialog's own buttons at its foot, and let
 * clicks through: a toast never stands between the user and a dialog's control.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const topDialog = useTopDialog();
  const titleBarBottom = useTitleBarBottom(topDialog);

  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_MS.max)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  const toaster = (
    <Toaster
      position={topDialog ? 'top-center' : 'bottom-right'}
      gutter={8}
      containerStyle={
        topDialog ? { top: titleBarBottom + BELOW_TITLE_PX } : { bottom: TOAST_BOTTOM_PX }
      }
      containerClassName={topDialog ? '[&_*]:pointer-events-none!' : undefined}
      toastOptions={{
        duration: TOAST_MS.default,
        success: { duration: TOAST_MS.shellSuccess },
        error: { duration: TOAST_MS.shellError },
        className: 'text-sm! bg-white! text-slate-800! shadow-lg! ring-1! ring-slate-200!',
      }}
    />
  );
  return topDialog ? createPortal(toaster, topDialog) : toaster;
}
