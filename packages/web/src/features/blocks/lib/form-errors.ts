import { parseCodedMessage } from '@promptloom/core';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { i18n } from '../../../lib/i18n';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The user's-language text of a coded validation message (falls back to the English text). */
function translated(message: string): string {
  const { code, error } = parseCodedMessage(message);
  // A string key is accepted with a default: the catalogue's text when no translation exists.
  return code ? i18n.t(`errors.${code}`, { defaultValue: error }) : error;
}

/** First message per top-level field of a failed parse of a core contract schema. */
export function zodFieldErrors<F extends string>(
  error: z.ZodError,
  fields: readonly F[],
): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) {
      result[field as F] ??= translated(issue.message);
    }
  }
  return result;
}

/** A server 400 that names one of the form's fields, as a message for that field. */
export function apiFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
): FieldErrors<F> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = error.field?.split('.')[0];
  if (!field || !(fields as readonly string[]).includes(field)) return null;
  return { [field]: errorMessage(error) } as FieldErrors<F>;
}
