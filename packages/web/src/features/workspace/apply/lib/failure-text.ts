import type { ApplyFailure } from '@promptloom/core';
import type { TFunction } from 'i18next';

/**
 * A failed block's reason in the UI language, from its stable code and parameters (the
 * English `message` is the CLI's); the repeated places are added when known, and the
 * closest lines when no region is shown with the failure (its caption names them).
 */
export function failureText(t: TFunction, failure: ApplyFailure): string {
  // `count` would make i18next look for plural keys: it is passed as `times`.
  const { count, ...rest } = failure.params;
  const params = { ...rest, times: count ?? '' } as Record<string, string>;
  // The parameters vary by code; the locale test checks each key's placeholders.
  const say = t as unknown as (key: string, values: Record<string, string>) => string;
  let text = say(`apply.failures.${failure.code}`, params);
  if (failure.code === 'HUNK_FAILED' && count) text += say('apply.failures.foundAt', params);
  // Shown with its region, whose caption names the lines: the sentence does not repeat them.
  if (params.startLine && !failure.closest) text += say('apply.failures.closest', params);
  return text;
}
