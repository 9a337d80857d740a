import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { IconButton } from './icon-button';
import { dialogClosed, dialogOpened } from './open-dialogs';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl', xl: 'max-w-6xl' };

/**
 * The element that last took focus. A button that turns busy while its work runs (Generate)
 * is disabled, and the browser drops focus to the body: the dialog its work opens then
 * returns focus to that button, not to the body.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) lastFocused = event.target;
    },
    true,
  );
}

/** The control a dialog opening now was opened from. */
function openerNow(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

/**
 * A native <dialog> shown modally: focus is trapped by the browser, Escape and a
 * backdrop click close it, and closing gives focus back to the control that opened it.
 * Opening focuses the control marked `data-initial-focus`, else the first one (Close).
 */
export function Modal({ open, onClose, title, children, footer, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  // Layout effect: the control that had focus is read before showModal moves it inside.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = openerNow();
    if (!dialog.open) dialog.showModal();
    // The browser focuses the first control, the header's Close. A dialog with a safer first
    // stop (a confirmation's Cancel) marks it `data-initial-focus`. React's autoFocus cannot:
    // it runs before this effect, while the dialog is still closed and hidden.
    dialog.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
    dialogOpened(dialog);
    return () => {
      dialogClosed(dialog);
      // Closing unmounts the dialog, so the browser has no close() to give focus back on:
      // it goes back to the opener, unless it has moved somewhere outside the dialog since.
      if (dialog.open) dialog.close();
      const now = document.activeElement;
      const lost = !now || now === document.body || dialog.contains(now);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      // Held at the top, not centred: a dialog that grows (a toast takes its room, a review
      // fills in) grows downwards, and its title and Close stay under the pointer.
      className={cn(
        'mx-auto mt-[5vh] mb-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/60',
        widths[size],
      )}
    >
      <div className="flex max-h-[90vh] flex-col">
        <header className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <IconButton
            onClick={onClose}
            label={t('common.close')}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X className="size-5" aria-hidden />
          </IconButton>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {/* Toasts shown while the dialog is open take this room (AppToaster), off its content. */}
        <div data-dialog-toasts className="shrink-0 empty:hidden" />
        {footer && (
          // On a phone the actions stack full width in their order, the primary one last, at
          // the bottom: a row would wrap a long (French) label alone onto a second line.
          <footer className="flex flex-col gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
            {footer}
          </footer>
        )}
      </div>
    </dialog>
  );
}
