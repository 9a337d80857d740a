/** Hour and minute of an entry (SPEC §2 History panel), 24-hour in every language. */
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

/**
 * Tokens in thousands with one decimal (12345 -> "12.3"; "12,3" in French); below 100
 * tokens two decimals, so a small prompt never reads as "0.0".
 */
export function formatThousands(tokens: number, language: string): string {
  const digits = tokens > 0 && tokens < 100 ? 2 : 1;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(tokens / 1000);
}
