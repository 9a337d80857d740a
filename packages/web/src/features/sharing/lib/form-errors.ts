import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, issueMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field of a failed parse (tags[3] counts as `tags`). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issueMessage(issue.message);
  }
  return errors;
}

/** A server validation error on a known field, as field errors; null when it is not one. */
export function apiFieldErrors(error: unknown, fields: readonly string[]): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  const field = error.field.split('.')[0] ?? '';
  if (!fields.includes(field)) return null;
  return { [field]: errorMessage(error) };
}

/**
 * A failed save: the server's error under its field when the form has that field, else a
 * toast with `fallback` (or the error's own message).
 */
export function showSaveError(
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: FieldErrors) => void,
  fallback: string,
): void {
  const fieldErrors = apiFieldErrors(error, fields);
  if (fieldErrors) setErrors(fieldErrors);
  else toast.error(errorMessage(error, fallback));
}
