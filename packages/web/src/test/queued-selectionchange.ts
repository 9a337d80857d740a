import { afterAll, beforeAll } from 'vitest';

/**
 * Makes `selectionchange` a queued task for the suite, as a browser sends it: happy-dom sends
 * it at once, inside CodeMirror's own update, which the editor does not expect.
 */
export function queueSelectionChange() {
  const send = document.dispatchEvent.bind(document);
  beforeAll(() => {
    document.dispatchEvent = (event: Event) => {
      if (event.type !== 'selectionchange') return send(event);
      setTimeout(() => send(event));
      return true;
    };
  });
  afterAll(() => {
    document.dispatchEvent = send;
  });
}
