import type { AccountExport, AccountImportResult } from '@promptloom/core';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorMessage, issueMessage } from '../../../lib/error-message';
import { readExportFile, useImportAccount } from '../api';
import { ImportResult } from './import-result';
import { Section } from './section';

/**
 * Import: a file of this or another instance is read with the export's schema first (so a
 * wrong file is named before anything is sent), then added to the account in one go.
 */
export function ImportSection() {
  const { t } = useTranslation();
  const inputId = useId();
  const importAccount = useImportAccount();
  const [file, setFile] = useState<AccountExport | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<AccountImportResult | null>(null);

  const onChoose = async (chosen: File | undefined) => {
    setFile(null);
    setProblem(null);
    setResult(null);
    setFileName(chosen?.name ?? null);
    if (!chosen) return;
    const read = await readExportFile(chosen);
    if (read.ok) {
      setFile(read.data);
      return;
    }
    const message = read.message.includes('|')
      ? issueMessage(read.message)
      : t('errors.ACCOUNT_IMPORT_INVALID');
    setProblem(read.path ? t('account.import.at', { message, path: read.path }) : message);
  };

  const onImport = async () => {
    if (!file) return;
    try {
      setResult(await importAccount.mutateAsync(file));
      setFile(null);
      setFileName(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const ownBlocks = file?.blocks.filter((block) => !block.isSystemBlock).length ?? 0;
  return (
    <Section id="account-import" title={t('account.import.title')}>
      <p className="max-w-2xl text-sm text-slate-600">{t('account.import.description')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <span id={`${inputId}-label`} className="block text-sm font-medium text-slate-700">
            {t('account.import.file')}
          </span>
          {/* Relative: the hidden input is placed in it, not at the page's bottom, where it
              would make the whole page scroll on a phone. */}
          <div className="relative mt-1 flex items-center gap-3">
            {/* The native control's own text follows the browser's language, not the app's: it
                is hidden, and this label (which opens the same chooser) speaks for it. */}
            <input
              id={inputId}
              type="file"
              accept="application/json,.json"
              aria-labelledby={`${inputId}-label`}
              className="peer sr-only"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // Emptied, so choosing the same file again is a change too.
                event.target.value = '';
                void onChoose(chosen);
              }}
            />
            <label
              htmlFor={inputId}
              className="shrink-0 cursor-pointer rounded-md bg-white px-3.5 py-2 whitespace-nowrap text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-slate-50"
            >
              {t('account.import.choose')}
            </label>
            {/* The file's name gives way (truncated), never the button's label. */}
            <span className="max-w-xs min-w-0 truncate text-sm text-slate-600">
              {fileName ?? t('account.import.noFile')}
            </span>
          </div>
        </div>
        <Button disabled={!file} busy={importAccount.isPending} onClick={() => void onImport()}>
          <Upload className="size-4" aria-hidden />
          {t('account.import.button')}
        </Button>
      </div>
      {file && (
        <p className="mt-3 text-sm text-slate-600">
          {t('account.import.ready', {
            blocks: t('account.import.blocks', { count: ownBlocks }),
            compositions: t('account.import.compositions', { count: file.compositions.length }),
            name: file.account.name,
          })}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {result && <ImportResult result={result} />}
    </Section>
  );
}
