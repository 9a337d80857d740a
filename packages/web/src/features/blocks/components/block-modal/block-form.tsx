import {
  BLOCK_CONTENT_MAX,
  DEFAULT_CATEGORY,
  DYNAMIC_TASK_COLOR,
  DYNAMIC_TASK_DEFAULT_NAME,
  parseDynamicTaskContent,
  serializeDynamicTaskContent,
  type Block,
  type BlockBodyInput,
  type BlockType,
} from '@promptloom/core';
import { DEFAULT_BLOCK_COLOR } from '#web/config/limits.ts';
import { Info } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useBlockCategories } from '../../api';
import {
  blockDisplayDescription,
  blockDisplayName,
  categoryDisplayName,
  storedCategory,
} from '../../lib/display-texts';
import type { FieldErrors } from '../../lib/form-errors';
import { ColorPalette } from './color-palette';
import { DynamicTaskFields } from './dynamic-task-fields';
import { errorProps, Field, inputClass } from '#web/components/ui/field.tsx';

export const BLOCK_FORM_FIELDS = ['name', 'content', 'category', 'color', 'description'] as const;
export type BlockFormField = (typeof BLOCK_FORM_FIELDS)[number];

export interface BlockFormValues {
  type: BlockType;
  name: string;
  content: string;
  prefix: string;
  suffix: string;
  category: string;
  color: string;
  description: string;
}

/** The form's starting values: the edited block's, or the defaults of a new block of `type`. */
export function initialValues(block: Block | null, type: BlockType): BlockFormValues {
  if (block) {
    const parts = parseDynamicTaskContent(block.type === 'DYNAMIC_TASK' ? block.content : '');
    return {
      type: block.type,
      name: blockDisplayName(block),
      content: block.content,
      prefix: parts.prefix,
      suffix: parts.suffix,
      category: block.category ? categoryDisplayName(block.category) : '',
      color: block.color ?? DEFAULT_BLOCK_COLOR,
      description: blockDisplayDescription(block) ?? '',
    };
  }
  const dynamic = type === 'DYNAMIC_TASK';
  return {
    type,
    name: dynamic ? blockDisplayName({ type, name: DYNAMIC_TASK_DEFAULT_NAME }) : '',
    content: '',
    prefix: '',
    suffix: '',
    category: dynamic ? categoryDisplayName(DEFAULT_CATEGORY.dynamicTask) : '',
    color: dynamic ? DYNAMIC_TASK_COLOR : DEFAULT_BLOCK_COLOR,
    description: '',
  };
}

/** The request body of the form; a system block keeps its stored content. */
export function toBody(values: BlockFormValues, block: Block | null): BlockBodyInput {
  let content = values.content;
  if (block?.isSystemBlock) content = block.content;
  else if (values.type === 'DYNAMIC_TASK') {
    content = serializeDynamicTaskContent({ prefix: values.prefix, suffix: values.suffix });
  }
  // Default texts are shown in the UI language but stored as they were (docs/decisions/032).
  const name = block?.name ?? DYNAMIC_TASK_DEFAULT_NAME;
  const description = block?.description ?? null;
  return {
    name: keepStored(values.name, name, blockDisplayName({ type: values.type, name })),
    content,
    type: values.type,
    category: storedCategory(values.category),
    color: values.color,
    description:
      block && description !== null
        ? keepStored(values.description, description, blockDisplayDescription(block) ?? '')
        : values.description,
  };
}

/** The stored text when the field still shows its translated form, else the typed one. */
function keepStored(value: string, stored: string, shown: string): string {
  return value === shown ? stored : value;
}

/** Static or dynamic-task form; system blocks hide their content. */
export function BlockForm({
  values,
  errors,
  isSystemBlock,
  onChange,
}: {
  values: BlockFormValues;
  errors: FieldErrors<BlockFormField>;
  isSystemBlock: boolean;
  onChange: (patch: Partial<BlockFormValues>, field: BlockFormField) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { data: categories = [] } = useBlockCategories();
  const dynamic = values.type === 'DYNAMIC_TASK';
  const optional = t('blocks.form.optional');

  return (
    <div className="space-y-4">
      <Field id={`${id}-name`} label={t('blocks.form.name')} error={errors.name}>
        <input
          id={`${id}-name`}
          value={values.name}
          onChange={(e) => onChange({ name: e.target.value }, 'name')}
          placeholder={t('blocks.form.namePlaceholder')}
          className={inputClass}
          autoFocus
          data-initial-focus
          {...errorProps(`${id}-name`, errors.name)}
        />
      </Field>

      {isSystemBlock ? (
        <div className="flex gap-2 rounded-md bg-indigo-50 p-3 text-sm text-indigo-800" role="note">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{t('blocks.form.systemNote')}</p>
        </div>
      ) : dynamic ? (
        <DynamicTaskFields id={id} values={values} errors={errors} onChange={onChange} />
      ) : (
        <Field
          id={`${id}-content`}
          label={t('blocks.form.content')}
          error={errors.content}
          hint={t('blocks.form.contentHint', { max: BLOCK_CONTENT_MAX })}
        >
          <textarea
            id={`${id}-content`}
            value={values.content}
            onChange={(e) => onChange({ content: e.target.value }, 'content')}
            rows={10}
            placeholder={t('blocks.form.contentPlaceholder')}
            className={cn(inputClass, 'font-mono')}
            {...errorProps(`${id}-content`, errors.content)}
          />
        </Field>
      )}

      <Field
        id={`${id}-category`}
        label={t('blocks.form.category')}
        error={errors.category}
        optional={optional}
        hint={t('blocks.form.categoryHint', {
          name: categoryDisplayName(DEFAULT_CATEGORY.uncategorised),
        })}
      >
        <input
          id={`${id}-category`}
          value={values.category}
          onChange={(e) => onChange({ category: e.target.value }, 'category')}
          list={`${id}-categories`}
          placeholder={t('blocks.form.categoryPlaceholder')}
          className={inputClass}
          {...errorProps(`${id}-category`, errors.category)}
        />
        <datalist id={`${id}-categories`}>
          {categories.map((category) => (
            <option key={category} value={categoryDisplayName(category)} />
          ))}
        </datalist>
      </Field>

      <div>
        <ColorPalette
          value={values.color}
          onChange={(color) => onChange({ color }, 'color')}
          isSystemBlock={isSystemBlock}
        />
        {errors.color && <p className="mt-1 text-xs font-medium text-red-600">{errors.color}</p>}
      </div>

      <Field
        id={`${id}-description`}
        label={t('blocks.form.description')}
        error={errors.description}
        optional={optional}
      >
        <textarea
          id={`${id}-description`}
          value={values.description}
          onChange={(e) => onChange({ description: e.target.value }, 'description')}
          rows={2}
          placeholder={t('blocks.form.descriptionPlaceholder')}
          className={inputClass}
          {...errorProps(`${id}-description`, errors.description)}
        />
      </Field>
    </div>
  );
}
