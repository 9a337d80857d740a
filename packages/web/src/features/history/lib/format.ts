import { formatDateTime, formatTime } from '../../../lib/format';

/** The time of an entry, in the UI language's style (the list is read by a person). */
export function formatEntryTime(timestamp: number, language: string): string {
  return formatTime(timestamp, language);
}

/** The full date and time, for a tooltip. */
export function formatEntryDateTime(timestamp: number, language: string): string {
  return formatDateTime(timestamp, language);
}
