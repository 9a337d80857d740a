/**
 * Keyboard focus after a folder is opened: the control that opened it (the landing page's
 * button) usually leaves the page with it, which drops focus on the body. The element that
 * had focus is kept here, and the file tree takes focus once it is shown, unless the user
 * has put focus somewhere else meanwhile.
 */
let opener: Element | null | undefined;

export function focusTreeAfterOpen(): void {
  opener = document.activeElement;
}

/** Whether the tree should take focus now (asked once it is shown; answers true only once). */
export function takeTreeFocus(): boolean {
  if (opener === undefined) return false;
  const now = document.activeElement;
  const lost = !now || now === document.body || now === opener || !now.isConnected;
  opener = undefined;
  return lost;
}
