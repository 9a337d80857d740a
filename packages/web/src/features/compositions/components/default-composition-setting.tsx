import { BUILT_IN_COMPOSITION_TYPES, type Composition } from '@promptloom/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSetDefaultComposition, useSettings } from '../../ignore-patterns';

const BUILT_IN = '';

/**
 * The composition a new project starts with: the built-in one (structure, selected files,
 * request) or one of the user's saved compositions, saved as soon as it is chosen.
 */
export function DefaultCompositionSetting({
  compositions,
}: {
  compositions: readonly Composition[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useSettings();
  const save = useSetDefaultComposition();
  const stored = settings.data?.defaultCompositionId ?? null;
  // A deleted composition falls back to the built-in one, as new projects do.
  const value = compositions.some((c) => c.id === stored) ? stored! : BUILT_IN;
  const builtInNames = BUILT_IN_COMPOSITION_TYPES.map((type) =>
    t(`blocks.systemTexts.${type}.name`),
  ).join(', ');

  const onChange = async (next: string) => {
    try {
      await save.mutateAsync(next === BUILT_IN ? null : next);
      toast.success(t('compositions.default.saved'));
    } catch (error) {
      toast.error(t('compositions.default.saveError', { message: errorMessage(error) }));
    }
  };

  return (
    <section className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {t('compositions.default.label')}
      </label>
      <p className="mt-1 text-sm text-slate-500">{t('compositions.default.hint')}</p>
      {/* The built-in option stays short, so a phone's closed select shows it whole; its
          blocks are listed under the select, where the line can wrap. */}
      <select
        id={id}
        className="mt-3 w-full max-w-xl rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        aria-describedby={value === BUILT_IN ? `${id}-blocks` : undefined}
        value={value}
        disabled={settings.isPending || save.isPending}
        aria-busy={save.isPending}
        onChange={(event) => void onChange(event.target.value)}
      >
        <option value={BUILT_IN}>{t('compositions.default.builtIn')}</option>
        {compositions.map((composition) => (
          <option key={composition.id} value={composition.id}>
            {composition.name}
          </option>
        ))}
      </select>
      {value === BUILT_IN && (
        <p id={`${id}-blocks`} className="mt-1.5 max-w-xl text-xs text-slate-500">
          {t('compositions.default.builtInBlocks', { blocks: builtInNames })}
        </p>
      )}
    </section>
  );
}
