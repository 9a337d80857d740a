import { useTranslation } from 'react-i18next';
import { errorProps, Field, inputClass } from '#web/components/ui/field.tsx';
import { cn } from '#web/lib/cn.ts';
import type { FieldErrors } from '../../lib/form-errors';
import type { BlockFormField, BlockFormValues } from './block-form';

/**
 * A dynamic task's content as the two texts around the user's request: what comes before it
 * and what comes after (both optional; content errors show under the second).
 */
export function DynamicTaskFields({
  id,
  values,
  errors,
  onChange,
}: {
  id: string;
  values: BlockFormValues;
  errors: FieldErrors<BlockFormField>;
  onChange: (patch: Partial<BlockFormValues>, field: BlockFormField) => void;
}) {
  const { t } = useTranslation();
  const optional = t('blocks.form.optional');
  return (
    <div className="space-y-4">
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">
        {t('blocks.form.dynamicExplanation')}
      </p>
      <Field
        id={`${id}-prefix`}
        label={t('blocks.form.prefix')}
        hint={t('blocks.form.prefixHint')}
        optional={optional}
      >
        <textarea
          id={`${id}-prefix`}
          value={values.prefix}
          onChange={(e) => onChange({ prefix: e.target.value }, 'content')}
          rows={4}
          className={cn(inputClass, 'font-mono')}
        />
      </Field>
      <Field
        id={`${id}-suffix`}
        label={t('blocks.form.suffix')}
        hint={t('blocks.form.suffixHint')}
        optional={optional}
        error={errors.content}
      >
        <textarea
          id={`${id}-suffix`}
          value={values.suffix}
          onChange={(e) => onChange({ suffix: e.target.value }, 'content')}
          rows={4}
          className={cn(inputClass, 'font-mono')}
          {...errorProps(`${id}-suffix`, errors.content)}
        />
      </Field>
    </div>
  );
}
