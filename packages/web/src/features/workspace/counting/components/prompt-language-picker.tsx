import { isLanguage, LANGUAGES } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { useProjectPromptLanguage, usePromptStore } from '../../session';
import { useInterfaceLanguage } from '../hooks/use-prompt-sources';

/** The select's value while the prompt follows the interface's language. */
const FOLLOW_INTERFACE = 'interface';

/**
 * "Prompt language": the language the prompt's fixed text (answer-format instructions, the
 * changes block, the date) is written in. By default it follows the interface's, and says
 * which that is, so a French interface writing French instructions is a visible choice.
 */
export function PromptLanguagePicker({
  project,
  fieldClass,
  selectClass,
}: {
  project: string;
  fieldClass: string;
  selectClass: string;
}) {
  const { t } = useTranslation();
  const chosen = useProjectPromptLanguage();
  const interfaceLanguage = useInterfaceLanguage();
  return (
    <label className={fieldClass}>
      <span>{t('workspace.model.promptLanguage')}</span>
      <select
        className={selectClass}
        value={chosen ?? FOLLOW_INTERFACE}
        title={t('workspace.model.promptLanguageTitle')}
        onChange={(e) => {
          const value = e.target.value;
          usePromptStore.getState().setPromptLanguage(project, isLanguage(value) ? value : null);
        }}
      >
        <option value={FOLLOW_INTERFACE}>
          {t('workspace.model.interfaceLanguage', {
            language: t(`shell.languages.${interfaceLanguage}`),
          })}
        </option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`shell.languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
