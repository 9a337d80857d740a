import { z } from 'zod';
import { FALLBACK_LANGUAGE, type Language } from '../limits';
import { ERROR_MESSAGES } from './error-messages';

export { ERROR_MESSAGES };

/**
 * Every non-2xx answer of the API: a stable code of ERROR_MESSAGES and its text in the
 * request's language (`Accept-Language`, English by default).
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  /** The offending input, as a dotted path (validation errors only). */
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The answers of a write that passes a per-user quota (decision 026): a count 409, text 413. */
export const quotaErrorResponses = { 409: apiErrorSchema, 413: apiErrorSchema } as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * The text of a code in a language of the app (English by default), its `{{name}}`
 * placeholders filled from `values`.
 */
export function errorText(
  code: ErrorCode,
  language: Language = FALLBACK_LANGUAGE,
  values: Readonly<Record<string, string>> = {},
): string {
  return ERROR_MESSAGES[code][language].replace(
    /\{\{(\w+)\}\}/g,
    (placeholder, name: string) => values[name] ?? placeholder,
  );
}

/** Whether a string is one of the catalogue's codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, code);
}

/** Builds the zod `error` option that carries a code: messages are "CODE|English text". */
export function coded(code: ErrorCode): { error: string } {
  return { error: `${code}|${errorText(code)}` };
}

/** Splits a zod issue message built by `coded()` back into code and text. */
export function parseCodedMessage(message: string): { code?: string; error: string } {
  const bar = message.indexOf('|');
  if (bar > 0 && /^[A-Z_]+$/.test(message.slice(0, bar))) {
    return { code: message.slice(0, bar), error: message.slice(bar + 1) };
  }
  return { error: message };
}
