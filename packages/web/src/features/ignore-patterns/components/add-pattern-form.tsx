import {
  CUSTOM_IGNORE_CATEGORY,
  IGNORE_PATTERN_INPUT_MAX,
  type IgnorePatternIssue,
} from '@promptloom/core';
import { Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface AddPatternFormProps {
  /** Existing categories the pattern may join; the custom one is always offered. */
  categories: readonly string[];
  onAdd: (pattern: string, category: string) => IgnorePatternIssue | null;
}

/** Max 500 characters, Enter or the button, the button disabled when empty. */
export function AddPatternForm({ categories, onAdd }: AddPatternFormProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [category, setCategory] = useState(CUSTOM_IGNORE_CATEGORY);
  const [issue, setIssue] = useState<IgnorePatternIssue | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const choices = categories.filter((c) => c !== CUSTOM_IGNORE_CATEGORY);
  const target = choices.includes(category) ? category : CUSTOM_IGNORE_CATEGORY;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = onAdd(value, target);
    setIssue(found);
    // The field empties and Add turns disabled: focus, on Add when it was clicked, goes back to
    // the field for the next pattern instead of falling to the page.
    if (!found) setValue('');
    input.current?.focus();
  };

  return (
    <form onSubmit={submit} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {t('ignorePatterns.addLabel')}
      </label>
      <p className="mt-0.5 text-xs text-slate-500">{t('ignorePatterns.addHint')}</p>
      {/* On a phone the field has a line of its own, wide enough for its placeholder. */}
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          ref={input}
          id={inputId}
          value={value}
          maxLength={IGNORE_PATTERN_INPUT_MAX}
          onChange={(event) => {
            setValue(event.target.value);
            setIssue(null);
          }}
          placeholder={t('ignorePatterns.addPlaceholder')}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? errorId : undefined}
          autoComplete="off"
          spellCheck={false}
          className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none aria-invalid:border-red-400 sm:w-auto sm:min-w-48 sm:flex-1"
        />
        {choices.length > 0 && (
          <select
            aria-label={t('ignorePatterns.addCategory')}
            value={target}
            onChange={(event) => setCategory(event.target.value)}
            className="max-w-56 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-700 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          >
            <option value={CUSTOM_IGNORE_CATEGORY}>{t('ignorePatterns.customCategory')}</option>
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
        <Button type="submit" disabled={value.trim() === ''}>
          <Plus className="size-4" aria-hidden />
          {t('ignorePatterns.add')}
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        <p id={errorId} role={issue ? 'alert' : undefined} className="text-red-600">
          {issue ? t(`errors.${issue}`) : ''}
        </p>
        <span className="shrink-0 text-slate-400 tabular-nums">
          {value.length}/{IGNORE_PATTERN_INPUT_MAX}
        </span>
      </div>
    </form>
  );
}
