import { useSyncExternalStore } from 'react';

/**
 * The modal dialogs open now, the last on top. A modal <dialog> sits in the browser's top
 * layer, above any z-index, and makes the rest of the page inert: what must show above it
 * (toasts) is drawn inside the topmost one.
 */
let stack: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function set(next: readonly HTMLDialogElement[]) {
  stack = next;
  listeners.forEach((listener) => listener());
}

export function dialogOpened(dialog: HTMLDialogElement) {
  set([...stack.filter((d) => d !== dialog), dialog]);
}

export function dialogClosed(dialog: HTMLDialogElement) {
  set(stack.filter((d) => d !== dialog));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The topmost open modal dialog, or null. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, () => stack.at(-1) ?? null);
}
