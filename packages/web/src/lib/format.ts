import { useTranslation } from 'react-i18next';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A count in the UI language's digits and grouping: 13 371 / 13,371. The one format of every
 * token figure (top bar, budget bar, tree rows, history, viewer), so one total never reads
 * four ways.
 */
export function formatNumber(value: number, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language);
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** formatNumber bound to the current UI language (re-renders when it changes). */
export function useFormatNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (value) => formatNumber(value, language);
}

/**
 * A date and time a person reads, in the UI language's own style: "Nov 28, 2026, 5:33 AM",
 * "28 nov. 2026, 05:33". ISO stays for machines (a <time dateTime>, file names).
 */
export function formatDateTime(value: number | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    value,
  );
}

/** The time of day alone, in the UI language's style: "5:33 AM", "05:33". */
export function formatTime(value: number | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(value);
}
