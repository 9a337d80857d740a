import {
  CUSTOM_MODEL_ID,
  DEFAULT_MODEL_ID,
  isPromptFormat,
  MODEL_PRESETS,
  type ModelPreset,
  PROMPT_FORMATS,
  type PromptFormat,
  TOKENIZER_IDS,
  type TokenizerId,
} from '@promptloom/core';
import { CircleHelp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '#web/components/ui/icon-button.tsx';
import { useFormatNumber } from '#web/lib/format.ts';
import {
  useProjectModel,
  useProjectPromptFormat,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { NumberInput } from './number-input';
import { PromptLanguagePicker } from './prompt-language-picker';

/**
 * As wide as its choice, up to the longest tokenizer's, 'o200k_base (GPT-4o, GPT-4.1, GPT-5)';
 * as tall as the number fields beside it, so the row's captions line up.
 */
const selectClass =
  'h-6 max-w-80 [field-sizing:content] rounded-md border-0 bg-white py-0.5 pr-7 pl-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';
/**
 * A label and its control: a small caption above it, so each field is as wide as its control
 * and the settings (with a Custom model's two more, and in French) keep one row at 1440 px.
 */
const fieldClass = 'flex flex-col gap-1 text-xs leading-none text-slate-500';

/** Presets by vendor, in list order; Default and Custom stand apart (first and last). */
function vendorGroups(): [string, ModelPreset[]][] {
  const groups = new Map<string, ModelPreset[]>();
  for (const preset of MODEL_PRESETS) {
    if (preset.id === DEFAULT_MODEL_ID || preset.id === CUSTOM_MODEL_ID) continue;
    groups.set(preset.vendor, [...(groups.get(preset.vendor) ?? []), preset]);
  }
  return [...groups];
}
const GROUPS = vendorGroups();

/**
 * The open project's prompt settings: a "Model" combobox grouped by vendor (Custom shows a
 * context window and a tokenizer), the answer reserve with its explanation behind a
 * disclosure, a "Prompt format" combobox and, beside it, the "Prompt language". The fields
 * wrap as a row of their own, so a further setting takes its place after them.
 */
export function ModelPicker() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const id = useId();
  const [reserveHelpOpen, setReserveHelpOpen] = useState(false);
  const project = useSessionStore((s) => s.projectName);
  const model = useProjectModel();
  const format = useProjectPromptFormat();
  const store = usePromptStore.getState;
  if (!project) return null;
  const custom = model.preset.id === CUSTOM_MODEL_ID;

  return (
    // Wraps rather than scrolls or cuts: a cut-off select reads as broken.
    <div className="flex min-w-0 flex-wrap items-end gap-x-3 gap-y-2 md:gap-x-5">
      <label className={fieldClass}>
        <span>{t('workspace.model.label')}</span>
        <select
          className={selectClass}
          value={model.preset.id}
          onChange={(e) => store().setModel(project, e.target.value)}
        >
          <option value={DEFAULT_MODEL_ID}>{t('workspace.model.default')}</option>
          {GROUPS.map(([vendor, presets]) => (
            <optgroup key={vendor} label={vendor}>
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </optgroup>
          ))}
          <option value={CUSTOM_MODEL_ID}>{t('workspace.model.custom')}</option>
        </select>
      </label>
      {custom && (
        <>
          <div className={fieldClass}>
            <label htmlFor={`${id}-window`}>{t('workspace.model.contextWindow')}</label>
            <NumberInput
              id={`${id}-window`}
              value={model.contextWindow}
              min={1}
              onCommit={(n) => store().setCustomModel(project, { customContextWindow: n })}
            />
          </div>
          <label className={fieldClass}>
            <span>{t('workspace.model.tokenizer')}</span>
            <select
              className={selectClass}
              value={model.tokenizer}
              onChange={(e) =>
                store().setCustomModel(project, { customTokenizer: e.target.value as TokenizerId })
              }
            >
              {TOKENIZER_IDS.map((tk) => (
                <option key={tk} value={tk}>
                  {t(`workspace.model.tokenizers.${tk}`)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <div className={fieldClass}>
        <label htmlFor={`${id}-reserve`}>{t('workspace.model.reserve')}</label>
        <span className="flex items-center gap-1">
          <NumberInput
            id={`${id}-reserve`}
            value={model.reserve}
            min={0}
            describedBy={`${id}-reserve-help`}
            onCommit={(n) => store().setAnswerReserve(project, n)}
          />
          <IconButton
            label={t('workspace.model.reserveHelpToggle')}
            aria-expanded={reserveHelpOpen}
            aria-controls={`${id}-reserve-help`}
            onClick={() => setReserveHelpOpen((open) => !open)}
            className="flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-expanded:bg-indigo-50 aria-expanded:text-indigo-700"
          >
            <CircleHelp className="size-4" aria-hidden />
          </IconButton>
        </span>
      </div>
      <label className={fieldClass}>
        <span>{t('workspace.model.format')}</span>
        <select
          className={selectClass}
          value={format}
          onChange={(e) => {
            if (isPromptFormat(e.target.value)) store().setPromptFormat(project, e.target.value);
          }}
        >
          {PROMPT_FORMATS.map((f: PromptFormat) => (
            <option key={f} value={f}>
              {t(`workspace.model.formats.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <PromptLanguagePicker project={project} fieldClass={fieldClass} selectClass={selectClass} />
      {/* In the DOM while closed too: it is the reserve field's description. */}
      <p
        id={`${id}-reserve-help`}
        hidden={!reserveHelpOpen}
        className="basis-full text-xs leading-relaxed text-slate-600"
      >
        {t('workspace.model.reserveHelp', {
          window: formatNumber(model.contextWindow),
          budget: formatNumber(model.budget),
        })}
      </p>
    </div>
  );
}
