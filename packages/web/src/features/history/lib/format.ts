/** Hour and minute of an entry, 24-hour in every language. */
export function formatEntryTime(timestamp: number, language: string): string {
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(timestamp);
}

/** The full date and time, for a tooltip. */
export function formatEntryDateTime(timestamp: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    timestamp,
  );
}
