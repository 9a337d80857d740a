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
