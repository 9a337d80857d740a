import type { Language } from '../limits';

/**
 * The prompt's date as a person reads it, in the prompt's language: the locale's long date
 * and short time through Intl ("November 28, 2026 at 5:30 AM", "28 novembre 2026 à 05:30").
 * Minutes only: a prompt counted a few seconds before it is generated reads the same. The
 * narrow and non-breaking spaces some locales put before "AM" become plain spaces, the ones a
 * model reads everywhere else in the prompt. `timeZone` defaults to the runtime's own.
 */
export function formatPromptDate(date: Date, language: Language, timeZone?: string): string {
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return format.format(date).replace(/[\u00a0\u202f]/g, ' ');
}
