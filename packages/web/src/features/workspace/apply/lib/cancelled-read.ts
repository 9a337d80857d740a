export const cancelled = () => new DOMException('Reading the answer was cancelled', 'AbortError');

/** Whether an error is a cancelled read (nothing to report). */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
