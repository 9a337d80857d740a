import { Globe, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** Public or private link. */
export function VisibilityChoice({
  isPublic,
  onChange,
}: {
  isPublic: boolean;
  onChange: (isPublic: boolean) => void;
}) {
  const { t } = useTranslation();
  const options = [
    {
      value: true,
      icon: Globe,
      label: t('sharing.share.public'),
      hint: t('sharing.share.publicHint'),
    },
    {
      value: false,
      icon: Link2,
      label: t('sharing.share.private'),
      hint: t('sharing.share.privateHint'),
    },
  ];
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        {t('sharing.share.visibility')}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map(({ value, icon: Icon, label, hint }) => (
          <label
            key={label}
            className={cn(
              'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors',
              isPublic === value
                ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500'
                : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name="share-visibility"
              checked={isPublic === value}
              onChange={() => onChange(value)}
              className="mt-1 accent-indigo-600"
            />
            <span>
              <span className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
                <Icon className="size-4 text-indigo-600" aria-hidden />
                {label}
              </span>
              <span className="mt-0.5 block text-xs text-slate-600">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
