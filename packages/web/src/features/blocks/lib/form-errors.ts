import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, issueMessage } from '../../../lib/error-message';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** First message per top-level field of a failed parse of a core contract schema. */
export function zodFieldErrors<F extends string>(
  error: z.ZodError,
  fields: readonly F[],
): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) {
      result[field as F] ??= issueMessage(issue.message);
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
