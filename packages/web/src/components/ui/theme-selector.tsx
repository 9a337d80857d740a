import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import {
  setThemePreference,
  THEME_PREFERENCES,
  useThemePreference,
  type ThemePreference,
} from '../../lib/theme';

const icons: Record<ThemePreference, LucideIcon> = { system: Monitor, light: Sun, dark: Moon };

/** System / Light / Dark as one radio group (arrow keys move the choice); decision 033. */
export function ThemeSelector({ className }: { className?: string }) {
  const { t } = useTranslation();
  const name = useId();
  const preference = useThemePreference();

  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="sr-only">{t('shell.theme.label')}</legend>
      <div className="flex rounded-md bg-slate-100 p-0.5">
        {THEME_PREFERENCES.map((option) => {
          const Icon = icons[option];
          return (
            <label
              key={option}
              className={cn(
                'relative flex flex-1 cursor-pointer items-center justify-center gap-1 rounded px-1.5 py-1 text-xs font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
                preference === option
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={preference === option}
                onChange={() => setThemePreference(option)}
                className="absolute inset-0 cursor-pointer appearance-none opacity-0"
              />
              <Icon className="size-3.5 shrink-0" aria-hidden />
              {t(`shell.theme.${option}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
