import { filterIgnoreCategories, parseIgnoreCategories } from '@promptloom/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/ui/error-box';
import { ContentSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../api';
import { usePatternEditor } from '../hooks/use-pattern-editor';
import { useTemplateApply } from '../hooks/use-template-apply';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { AddPatternForm } from './add-pattern-form';
import { IgnorePatternsHeader, PatternSearch } from './ignore-patterns-header';
import { CustomPatternsSection, SystemPatternsSection } from './pattern-sections';
import { TemplateModeModal } from './template-mode-modal';
import { TemplatePicker } from './template-picker';

/** /settings/ignore-patterns. */
export function IgnorePatternsPage() {
  const { t } = useTranslation();
  const { data: settings, isPending, error, refetch, isFetching } = useSettings();
  const editor = usePatternEditor(settings?.globalIgnorePatterns);
  const save = useSaveSettings();
  const template = useTemplateApply(editor);
  const [search, setSearch] = useState('');
  useUnsavedChangesGuard(editor.isDirty && !save.isPending);

  const systemCategories = useMemo(
    () => parseIgnoreCategories(settings?.coreSystemIgnorePatterns ?? []),
    [settings?.coreSystemIgnorePatterns],
  );

  const onSave = () => {
    save.mutate(editor.lines(), {
      onSuccess: () => toast.success(t('ignorePatterns.saved')),
      onError: (e) => toast.error(errorMessage(e, t('ignorePatterns.saveError'))),
    });
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

  const clearSearch = () => setSearch('');
  return (
    <div className="mx-auto max-w-5xl p-6 lg:p-8">
      <IgnorePatternsHeader
        dirty={editor.isDirty}
        saving={save.isPending}
        onDiscard={editor.discard}
        onSave={onSave}
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <PatternSearch value={search} onChange={setSearch} />
        <TemplatePicker onPick={template.pick} />
      </div>
      <AddPatternForm
        categories={editor.categories.map((c) => c.category)}
        onAdd={(pattern, category) => editor.add(pattern, category)}
      />
      <CustomPatternsSection
        editor={editor}
        shown={filterIgnoreCategories(editor.categories, search)}
        searching={search.trim() !== ''}
        onClearSearch={clearSearch}
      />
      <SystemPatternsSection
        shown={filterIgnoreCategories(systemCategories, search)}
        onClearSearch={clearSearch}
      />
      <TemplateModeModal
        name={template.templateName}
        template={template.preview}
        pending={template.pendingMode}
        onChoose={(mode) => void template.apply(mode)}
        onClose={template.close}
      />
    </div>
  );
}
