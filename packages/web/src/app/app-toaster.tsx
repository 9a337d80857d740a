import { TOAST_MS } from '../config/limits';
import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
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
import { useTranslation } from 'react-i18next';
import { useTopDialog } from '../components/ui/open-dialogs';
import { cn } from '../lib/cn';

/** Above the summary bar (about 52 px) and the files notice that may sit on it. */
const TOAST_BOTTOM_PX = 96;

const TOAST_OPTIONS: DefaultToastOptions = {
  duration: TOAST_MS.default,
  success: { duration: TOAST_MS.shellSuccess },
  error: { duration: TOAST_MS.shellError },
  className: 'text-sm! bg-white! text-slate-800! shadow-lg! ring-1! ring-slate-200!',
};

type ToasterHandlers = ReturnType<typeof useToaster>['handlers'];

/**
 * Holds every toast's timer while the pointer is over the toasts or focus is among them (the
 * stack's toggle, an Undo), so a toast does not leave while it is read or reached from the
 * keyboard. Lets go once the toasts are gone or the dialog closes: the pointer or the focus
 * then never leaves them, and a hold kept would keep every later toast on screen.
 */
function useHoldWhileUsed(handlers: ToasterHandlers, empty: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const pointer = useRef(false);
  const focus = useRef(false);
  const held = useRef(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const sync = useCallback(() => {
    // Focus may have gone without a blur: a focused Undo removed with its toast, the toggle
    // hidden as the window widens.
    if (!box.current?.contains(document.activeElement)) focus.current = false;
    const hold = pointer.current || focus.current;
    if (hold === held.current) return;
    held.current = hold;
    if (hold) latest.current.startPause();
    else latest.current.endPause();
  }, []);
  const release = useCallback(() => {
    pointer.current = false;
    focus.current = false;
    sync();
  }, [sync]);
  useEffect(() => {
    if (empty) release();
  }, [empty, release]);
  useEffect(() => release, [release]);
  useEffect(() => {
    if (focus.current) sync();
  });
  return {
    ref: box,
    onMouseEnter: () => {
      pointer.current = true;
      sync();
    },
    onMouseLeave: () => {
      pointer.current = false;
      sync();
    },
    onFocus: () => {
      focus.current = true;
      sync();
    },
    onBlur: (event: FocusEvent) => {
      if (event.currentTarget.contains(event.relatedTarget)) return;
      focus.current = false;
      sync();
    },
  };
}

/** Cards peeking out under the newest toast, one or two, when the others are stacked behind. */
const PEEK = [
  '',
  'cramped:shadow-[0_10px_0_-6px_var(--color-white),0_10px_0_-5px_var(--color-slate-200)]',
  'cramped:shadow-[0_10px_0_-6px_var(--color-white),0_10px_0_-5px_var(--color-slate-200),0_20px_0_-12px_var(--color-white),0_20px_0_-11px_var(--color-slate-200)]',
];

/**
 * The toasts of an open dialog, in its own room between its content and its buttons: they take
 * their place in the dialog's flow (its content scrolls in what is left) rather than float
 * over it, so they hide neither the content, the title nor a control, and an action they
 * offer (Undo) is reachable inside the dialog's focus trap.
 *
 * Where room is short (the `cramped` variant: a phone), only the newest shows, the others
 * stacked behind it: a "+N more" toggle beside it shows them all, as a list, and stacks them
 * again. Each toast keeps its own live region; the toggle comes first in the document, so a
 * new toast is only ever added before the others, never moved (a moved live region may be
 * read out again).
 */
function DialogToasts() {
  const { t } = useTranslation();
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const [expanded, setExpanded] = useState(false);
  const idPrefix = useId();
  const shown = toasts.filter((item) => item.visible);
  const hold = useHoldWhileUsed(handlers, shown.length === 0);
  const behind = shown.length - 1;
  // Nothing left behind the newest: the next toasts stack again.
  if (expanded && behind < 1) setExpanded(false);
  if (shown.length === 0) return null;
  const stacked = !expanded && behind > 0;
  return (
    <div
      {...hold}
      // On a phone the room is a line, not a card's height: the toast's text in a smaller
      // size fits one line where it wrapped to two (some 80 px taken from the dialog's content).
      // The cards stacked behind peek out below the newest: room for them only then.
      className={cn(
        'grid grid-cols-[minmax(0,1fr)_auto] justify-items-center gap-y-2 border-t border-slate-200 px-5 py-2 cramped:gap-x-2 cramped:px-3 cramped:py-1.5',
        stacked && 'cramped:pb-3',
      )}
    >
      {behind > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={shown
            .slice(1)
            .map((item) => `${idPrefix}${item.id}`)
            .join(' ')}
          onClick={() => setExpanded((value) => !value)}
          className="col-start-2 row-start-1 hidden items-center gap-1 self-start rounded-md px-1.5 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 cramped:inline-flex"
        >
          {expanded ? t('toasts.fewer') : t('toasts.more', { count: behind })}
          <ChevronDown
            className={cn('size-4 transition-transform', expanded && 'rotate-180')}
            aria-hidden
          />
        </button>
      )}
      {shown.map((item, index) => (
        <div
          key={item.id}
          id={`${idPrefix}${item.id}`}
          {...item.ariaProps}
          className={cn(
            'col-start-1 flex max-w-full items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 transition-opacity duration-200 starting:opacity-0 cramped:justify-self-stretch cramped:px-2 cramped:py-1 cramped:text-xs',
            stacked && index === 0 && PEEK[Math.min(behind, 2)],
            // The others take the whole width under the newest and its toggle.
            index > 0 && (stacked ? 'cramped:hidden' : 'cramped:col-span-full'),
          )}
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
