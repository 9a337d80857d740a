import { FINAL_REQUEST_MAX } from '#web/config/limits.ts';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '#web/lib/format.ts';
import { cn } from '#web/lib/cn.ts';
import {
  readFinalRequest,
  usePromptStore,
  useProjectFinalRequestLength,
  useSessionStore,
} from '../../session';
import { takeRequestShowing } from '../lib/focus-request';

/**
 * The final request of the dynamic task: capped at FINAL_REQUEST_MAX characters.
 * Writes straight to the store; token counting debounces on its own (use-token-count).
 * The field keeps what is typed itself (uncontrolled), so a keystroke re-renders only the
 * character counter; a change made elsewhere (Clear and its undo, a history entry, another
 * project, logout) is written into it from the store.
 */
export function RequestInput() {
  const { t } = useTranslation();
  const id = useId();
  const project = useSessionStore((s) => s.projectName);
  const setFinalRequest = usePromptStore((s) => s.setFinalRequest);
  const ref = useRef<HTMLTextAreaElement>(null);
  const whole = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const showing = takeRequestShowing();
    if (showing === 'focus') ref.current?.focus();
    else if (showing === 'reveal' && whole.current) return revealInList(whole.current);
  }, []);
  useLayoutEffect(() => {
    const show = () => {
      const text = readFinalRequest(project);
      if (ref.current && ref.current.value !== text) ref.current.value = text;
    };
    show();
    return usePromptStore.subscribe(show);
  }, [project]);

  return (
    <div ref={whole}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {t('workspace.request.label')}
      </label>
      <textarea
        ref={ref}
        id={id}
        defaultValue={readFinalRequest(project)}
        maxLength={FINAL_REQUEST_MAX}
        rows={4}
        placeholder={t('workspace.request.placeholder')}
        onChange={(event) => {
          const field = event.target;
          if (project) setFinalRequest(project, field.value.slice(0, FINAL_REQUEST_MAX));
          // What the store kept is what the field shows (no project: nothing is kept).
          const kept = readFinalRequest(project);
          if (field.value !== kept) field.value = kept;
        }}
        className="mt-1 block w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm shadow-xs focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      <RequestCounter project={project} />
    </div>
  );
}

/** How long a revealed request field is kept in view while the blocks above it settle. */
const REVEAL_SETTLE_MS = 1_500;

/**
 * Scrolls the list the element is in (its nearest ancestor that scrolls) just enough to show
 * it whole, or its top when it is taller than the list; only that list, where
 * `scrollIntoView` would scroll every ancestor, the page's panes too. What is above it may
 * still grow (a name wraps once its font has come, a control fills in its count): it is kept
 * in view for a moment, until the user scrolls or clicks there; the list is marked
 * `data-revealing` meanwhile. Returns the stop.
 */
function revealInList(element: HTMLElement): () => void {
  let list = element.parentElement;
  while (list && !/(auto|scroll)/.test(getComputedStyle(list).overflowY)) {
    list = list.parentElement;
  }
  if (!list) return () => undefined;
  const scroller = list;
  const reveal = () => {
    const shown = scroller.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const below = box.bottom - shown.bottom;
    if (below > 0) scroller.scrollTop += Math.min(below, box.top - shown.top);
  };
  reveal();
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  scroller.dataset.revealing = '';
  const observer = new ResizeObserver(reveal);
  for (const child of scroller.children) observer.observe(child);
  const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  const stop = () => {
    delete scroller.dataset.revealing;
    observer.disconnect();
    clearTimeout(timer);
    for (const name of events) scroller.removeEventListener(name, stop);
  };
  const timer = setTimeout(stop, REVEAL_SETTLE_MS);
  for (const name of events) scroller.addEventListener(name, stop, { passive: true });
  return stop;
}

/** Characters typed out of FINAL_REQUEST_MAX: the only part that re-renders on each key. */
function RequestCounter({ project }: { project: string | null }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const length = useProjectFinalRequestLength(project);
  const nearLimit = length > FINAL_REQUEST_MAX * 0.9;
  return (
    <p className={cn('mt-1 text-right text-xs', nearLimit ? 'text-amber-700' : 'text-slate-400')}>
      {t('workspace.request.counter', {
        count: length,
        formatted: format(length),
        max: format(FINAL_REQUEST_MAX),
      })}
    </p>
  );
}
