import { LANGUAGES, type Language } from '@promptloom/core';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** English / Français; i18next caches the choice in local storage. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '')
    ? (i18n.resolvedLanguage as Language)
    : 'en';

  return (
    <div className="flex items-center gap-2">
      <Languages className="size-4 shrink-0 text-slate-400" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('shell.language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-700 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`shell.languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
