import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * Tests use the real English resource, loaded in memory instead of over HTTP, so
 * components render their actual texts and no test depends on a server.
 */
vi.mock('../lib/i18n', async () => {
  const { default: i18n } = await import('i18next');
  const { initReactI18next } = await import('react-i18next');
  const { default: en } = await import('../../public/locales/en/translation.json');
  const { default: fr } = await import('../../public/locales/fr/translation.json');
  const i18nReady = i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await i18nReady;
  return { i18n, i18nReady, LANGUAGE_STORAGE_KEY: 'promptloom.language' };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
