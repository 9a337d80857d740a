import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@promptloom/core';
import Negotiator from 'negotiator';

/**
 * The app's language a client asks for in `Accept-Language` (qualities and regional tags
 * such as `fr-CA` honoured), English when it names none we speak.
 */
export function requestLanguage(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return FALLBACK_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages([
    ...LANGUAGES,
  ]);
  return (best as Language | undefined) ?? FALLBACK_LANGUAGE;
}
