import type { IgnoreCategory } from '@promptloom/core';
import { FilterX, ListX, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ignoreCategoryLabel } from '../lib/category-label';
import type { usePatternEditor } from '../hooks/use-pattern-editor';
import { PatternGroup } from './pattern-group';

const label = (c: IgnoreCategory) => ignoreCategoryLabel(c.category);

/**
 * The user's own patterns by category, those the search matches: removable one by one, and a
 * whole category at once when no search narrows it.
 */
export function CustomPatternsSection({
  editor,
  shown,
  searching,
  onClearSearch,
}: {
  editor: ReturnType<typeof usePatternEditor>;
  shown: IgnoreCategory[];
  searching: boolean;
  onClearSearch: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="custom-patterns" className="mt-8">
      <h2 id="custom-patterns" className="mb-3 text-base font-semibold text-slate-900">
        {t('ignorePatterns.customTitle')}
      </h2>
      {editor.categories.length === 0 ? (
        <EmptyState
          icon={ListX}
          title={t('ignorePatterns.empty.title')}
          description={t('ignorePatterns.empty.description')}
        />
      ) : shown.length === 0 ? (
        <NoMatch onClear={onClearSearch} />
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {shown.map((c) => (
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
  );
}

/** The core system patterns the search matches, read-only. */
export function SystemPatternsSection({
  shown,
  onClearSearch,
}: {
  shown: IgnoreCategory[];
  onClearSearch: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="system-patterns" className="mt-10">
      <h2
        id="system-patterns"
        className="flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <ShieldCheck className="size-5 text-emerald-600" aria-hidden />
        {t('ignorePatterns.systemTitle')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t('ignorePatterns.systemDescription')}</p>
      {shown.length === 0 ? (
        <NoMatch onClear={onClearSearch} />
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {shown.map((c) => (
            <PatternGroup key={c.category} title={label(c)} patterns={c.patterns} />
          ))}
        </div>
      )}
    </section>
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
