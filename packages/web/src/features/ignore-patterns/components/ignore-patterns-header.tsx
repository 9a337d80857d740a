import { Save, Search, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The page's title, an Unsaved badge while edits are pending, Discard and Save. */
export function IgnorePatternsHeader({
  dirty,
  saving,
  onDiscard,
  onSave,
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
      {/* A full row on a phone: beside the buttons the title and its text had a third of it. */}
      <div className="min-w-0 flex-1 basis-full sm:basis-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{t('ignorePatterns.title')}</h1>
          {dirty && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
              {t('ignorePatterns.unsaved')}
            </span>
          )}
        </div>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t('ignorePatterns.description')}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {dirty && (
          <Button variant="ghost" onClick={onDiscard} disabled={saving}>
            <Undo2 className="size-4" aria-hidden />
            {t('ignorePatterns.discard')}
          </Button>
        )}
        <Button onClick={onSave} disabled={!dirty} busy={saving}>
          {!saving && <Save className="size-4" aria-hidden />}
          {t('common.save')}
        </Button>
      </div>
    </header>
  );
}

/** The search over both the custom and the system patterns. */
export function PatternSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={t('ignorePatterns.search')}
        placeholder={t('ignorePatterns.searchPlaceholder')}
        className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
    </div>
  );
}
