/**
 * Sizes seen by a ResizeObserver, after the frame's own layout: reading an element's size
 * while it is committed (`getBoundingClientRect`, `offsetHeight`) would lay the page out in
 * that task, and the frame would do it again.
 */
export function observeBox(element: Element, onSize: (entry: ResizeObserverEntry) => void) {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) onSize(entry);
  });
  observer.observe(element);
  return () => observer.disconnect();
}
