/**
 * What the request field does once it is next shown: "Add the task" leaves the page with its
 * callout, so the field of the task it adds takes focus (the reason to add the task is to
 * write there); a project's first composition scrolls its field into view without taking
 * focus (the folder's tree has it), so a new user sees where the request goes.
 */
let pending: 'focus' | 'reveal' | null = null;

export function focusRequestWhenShown(): void {
  pending = 'focus';
}

export function revealRequestWhenShown(): void {
  pending = 'reveal';
}

/** What a request field just shown should do (once per request), or null. */
export function takeRequestShowing(): 'focus' | 'reveal' | null {
  const was = pending;
  pending = null;
  return was;
}
