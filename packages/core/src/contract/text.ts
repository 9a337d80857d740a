import { z } from 'zod';
import { coded, type ErrorCode } from './errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored as text, or null. PostgreSQL refuses NUL in `text`, and a
 * lone surrogate has no UTF-8 form (PostgreSQL stores it as U+FFFD, silently changing it).
 */
export function textIssue(value: string): ErrorCode | null {
  if (value.includes('\u0000')) return 'TEXT_NUL_CHARACTER';
  if (LONE_SURROGATE.test(value)) return 'TEXT_LONE_SURROGATE';
  return null;
}

/** The codes `textIssue` yields: the error handler names the field for these. */
export const TEXT_ISSUE_CODES: readonly ErrorCode[] = ['TEXT_NUL_CHARACTER', 'TEXT_LONE_SURROGATE'];

/**
 * The one refinement every string of a request goes through (body fields, path and query
 * parameters): `z.string().superRefine(cleanText)`, or `text()` below.
 */
export function cleanText(value: string, ctx: z.RefinementCtx): void {
  const issue = textIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', message: coded(issue).error });
}

/** `z.string(params)` with the text-hygiene refinement. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).superRefine(cleanText);

/**
 * A path parameter holding one of our ids (cuid2). Anything else is answered 404 by the
 * server (a malformed id names nothing the user owns), except bad text, which is a 400.
 */
export const idParam = () =>
  text()
    .max(64)
    .regex(/^[0-9a-z]+$/);
