/**
 * "Add the task" leaves the page with its callout: the request field of the task it adds
 * takes focus instead, once it is shown (the reason to add the task is to write there).
 */
let pending = false;

export function focusRequestWhenShown(): void {
  pending = true;
}

/** Whether a request field just shown should take focus (true once per request). */
export function takeRequestFocus(): boolean {
  const was = pending;
  pending = false;
  return was;
}
