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
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../../lib/format';
import {
  useProjectModel,
  useProjectPromptFormat,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { NumberInput } from './number-input';
import { PromptLanguagePicker } from './prompt-language-picker';

const selectClass =
  'max-w-64 [field-sizing:content] rounded-md border-0 bg-white py-0.5 pr-7 pl-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';
/** A small caption above its control, so the three fit the top bar's height. */
const fieldClass = 'flex flex-col gap-0.5 text-[11px] leading-none text-slate-500';

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
 * The open project's model and prompt format: a "Model" combobox grouped by
 * vendor (Custom shows a context window and a tokenizer), the answer reserve, a "Prompt
 * format" combobox and, beside it, the "Prompt language". Self-contained, so the workspace layout places it where it likes.
 */
export function ModelPicker() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const id = useId();
  const project = useSessionStore((s) => s.projectName);
  const model = useProjectModel();
  const format = useProjectPromptFormat();
  const store = usePromptStore.getState;
  if (!project) return null;
  const custom = model.preset.id === CUSTOM_MODEL_ID;

  return (
    // From md, scrolls sideways rather than pushing the count and Generate out of a narrow top
    // bar; on a phone (a row of its own) it wraps, as a cut-off select reads as broken.
    <div className="flex min-w-0 shrink flex-wrap items-end gap-2 py-0.5 md:flex-nowrap md:overflow-x-auto">
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
        <NumberInput
          id={`${id}-reserve`}
          value={model.reserve}
          min={0}
          title={t('workspace.model.reserveTitle', {
            window: formatNumber(model.contextWindow),
          })}
          onCommit={(n) => store().setAnswerReserve(project, n)}
        />
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
    </div>
  );
}
