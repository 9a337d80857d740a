import { parseCodedMessage, QUOTA_LIMITS } from '@promptloom/core';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * The text to show for a failed call, in the user's language: the translation of the
 * server's stable code (`errors.<CODE>`) when there is one, else the server's message,
 * else `fallback` (or the generic unknown-error sentence).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const generic = fallback ?? i18n.t('common.unknownError');
  if (error instanceof ApiError) {
    const message = error.message || generic;
    if (!error.code) return message;
    // A quota message names its limit, formatted in the user's language (`{{max, number}}`).
    const max = (QUOTA_LIMITS as Record<string, number | undefined>)[error.code];
    return i18n.t(`errors.${error.code}`, { defaultValue: message, max });
  }
  if (error instanceof Error && error.message) return fallback ?? error.message;
  return generic;
}

/**
 * A message of a core contract schema ("CODE|English text") in the user's language; the
 * catalogue's English text when the app has no translation of the code.
 */
export function issueMessage(message: string): string {
  const { code, error } = parseCodedMessage(message);
  return code ? i18n.t(`errors.${code}`, { defaultValue: error }) : error;
}
