import {
  filterIgnoreCategories,
  parseIgnoreCategories,
  type IgnoreCategory,
} from '@promptloom/core';
import { useQuery } from '@tanstack/react-query';
import { FilterX, Save, Search, ShieldCheck, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { ignoreCategoryLabel } from '../lib/category-label';
import { ContentSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useCurrentUserId } from '../../auth';
import { templateQueryOptions, useFetchTemplate, useSaveSettings, useSettings } from '../api';
import { usePatternEditor, type TemplateMode } from '../hooks/use-pattern-editor';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { AddPatternForm } from './add-pattern-form';
import { PatternGroup } from './pattern-group';
import { TemplateModeModal } from './template-mode-modal';
import { TemplatePicker } from './template-picker';

/** /settings/ignore-patterns. */
export function IgnorePatternsPage() {
  const { t } = useTranslation();
  const { data: settings, isPending, error, refetch, isFetching } = useSettings();
  const editor = usePatternEditor(settings?.globalIgnorePatterns);
  const save = useSaveSettings();
  const fetchTemplate = useFetchTemplate();
  const userId = useCurrentUserId();
  const [search, setSearch] = useState('');
  const [templateName, setTemplateName] = useState<string | null>(null);
  const [pendingMode, setPendingMode] = useState<TemplateMode | null>(null);
  // Prefetched while the mode modal is open, so it can show what the template holds.
  const preview = useQuery({
    ...templateQueryOptions(userId, templateName ?? ''),
    enabled: !!userId && !!templateName,
  });
  useUnsavedChangesGuard(editor.isDirty && !save.isPending);

  const systemCategories = useMemo(
    () => parseIgnoreCategories(settings?.coreSystemIgnorePatterns ?? []),
    [settings?.coreSystemIgnorePatterns],
  );
  const customShown = filterIgnoreCategories(editor.categories, search);
  const systemShown = filterIgnoreCategories(systemCategories, search);
  const label = (c: IgnoreCategory) => ignoreCategoryLabel(c.category);

  const onSave = () => {
    save.mutate(editor.lines(), {
      onSuccess: () => toast.success(t('ignorePatterns.saved')),
      onError: (e) => toast.error(errorMessage(e, t('ignorePatterns.saveError'))),
    });
  };

  const applyTemplate = async (mode: TemplateMode) => {
    if (!templateName) return;
    setPendingMode(mode);
    try {
      editor.applyTemplate(await fetchTemplate(templateName), mode);
      toast.success(
        t(mode === 'MERGE' ? 'ignorePatterns.templateMerged' : 'ignorePatterns.templateReplaced', {
          name: templateName,
        }),
      );
    } catch (e) {
      toast.error(errorMessage(e, t('ignorePatterns.loadTemplateError')));
    } finally {
      setPendingMode(null);
      setTemplateName(null);
    }
  };

  if (isPending) {
    return <ContentSpinner label={t('common.loading')} />;
  }
  if (error) {
    return (
      <div className="mx-auto max-w-5xl p-6 lg:p-8">
        <ErrorBox
          message={errorMessage(error)}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }

  const searching = search.trim() !== '';
  return (
    <div className="mx-auto max-w-5xl p-6 lg:p-8">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold text-slate-900">{t('ignorePatterns.title')}</h1>
            {editor.isDirty && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
                {t('ignorePatterns.unsaved')}
              </span>
            )}
          </div>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t('ignorePatterns.description')}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {editor.isDirty && (
            <Button variant="ghost" onClick={editor.discard} disabled={save.isPending}>
              <Undo2 className="size-4" aria-hidden />
              {t('ignorePatterns.discard')}
            </Button>
          )}
          <Button onClick={onSave} disabled={!editor.isDirty} busy={save.isPending}>
            {!save.isPending && <Save className="size-4" aria-hidden />}
            {t('common.save')}
          </Button>
        </div>
      </header>

      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label={t('ignorePatterns.search')}
            placeholder={t('ignorePatterns.searchPlaceholder')}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          />
        </div>
        <TemplatePicker onPick={setTemplateName} />
      </div>

      <AddPatternForm
        categories={editor.categories.map((c) => c.category)}
        onAdd={(pattern, category) => editor.add(pattern, category)}
      />

      <section aria-labelledby="custom-patterns" className="mt-8">
        <h2 id="custom-patterns" className="mb-3 text-base font-semibold text-slate-900">
          {t('ignorePatterns.customTitle')}
        </h2>
        {editor.categories.length === 0 ? (
          <div className="rounded-lg border-2 border-dashed border-slate-300 px-6 py-10 text-center">
            <p className="font-medium text-slate-800">{t('ignorePatterns.empty.title')}</p>
            <p className="mt-1 text-sm text-slate-500">{t('ignorePatterns.empty.description')}</p>
          </div>
        ) : customShown.length === 0 ? (
          <NoMatch onClear={() => setSearch('')} />
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {customShown.map((c) => (
              <PatternGroup
                key={c.category}
                title={label(c)}
                patterns={c.patterns}
                onRemove={(pattern) => editor.remove(c.category, pattern)}
                onRemoveAll={searching ? undefined : () => editor.removeCategory(c.category)}
              />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="system-patterns" className="mt-10">
        <h2
          id="system-patterns"
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <ShieldCheck className="size-5 text-emerald-600" aria-hidden />
          {t('ignorePatterns.systemTitle')}
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">{t('ignorePatterns.systemDescription')}</p>
        {systemShown.length === 0 ? (
          <NoMatch onClear={() => setSearch('')} />
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {systemShown.map((c) => (
              <PatternGroup key={c.category} title={label(c)} patterns={c.patterns} />
            ))}
          </div>
        )}
      </section>

      <TemplateModeModal
        name={templateName}
        template={preview.data}
        pending={pendingMode}
        onChoose={(mode) => void applyTemplate(mode)}
        onClose={() => {
          if (!pendingMode) setTemplateName(null);
        }}
      />
    </div>
  );
}

function NoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-500">
      {t('ignorePatterns.noMatch')}
      <Button variant="ghost" size="sm" onClick={onClear}>
        <FilterX className="size-4" aria-hidden />
        {t('ignorePatterns.clearSearch')}
      </Button>
    </div>
  );
}
