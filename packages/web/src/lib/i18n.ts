import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGES,
} from '@promptloom/core';
import { TRANSLATION_LOAD } from '../config/limits';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-client';
import type en from '../../public/locales/en/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Keys are type-checked against the English resource.
    resources: { translation: typeof en };
    returnNull: false;
  }
}

export const LANGUAGE_STORAGE_KEY = 'promptloom.language';

void i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    backend: { loadPath: '/locales/{{lng}}/translation.json' },
    maxRetries: TRANSLATION_LOAD.retries,
    retryTimeout: TRANSLATION_LOAD.backoffMs,
    maxParallelReads: TRANSLATION_LOAD.parallelReads,
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // The cookie tells the server-rendered sign-in page the app's language.
      caches: ['localStorage', 'cookie'],
      lookupCookie: LANGUAGE_COOKIE,
      cookieMinutes: LANGUAGE_COOKIE_MAX_AGE_S / 60,
      cookieOptions: { path: '/', sameSite: 'lax' },
      // Browsers report tags such as 'fr-CA' or 'en-US@posix': keep the language part only,
      // so the cached choice and <html lang> are always one of LANGUAGES.
      convertDetectedLanguage: (lng) => lng.split(/[-_@.]/)[0]?.toLowerCase() ?? lng,
    },
  });

export { i18n };

// Screen readers, the browser's hyphenation and the API's own messages follow the chosen language.
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  setApiLanguage(lng);
});
