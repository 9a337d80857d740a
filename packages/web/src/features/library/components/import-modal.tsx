import type { ImportMode } from '@promptloom/core';
import { Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';

const MODES: { mode: ImportMode; icon: typeof Copy }[] = [
  { mode: 'CLONE', icon: Copy },
  { mode: 'SUBSCRIBE', icon: RefreshCw },
];

/** The two import modes: an independent copy or a subscription. */
export function ImportModal({
  open,
  itemName,
  busy,
  onClose,
  onImport,
}: {
  open: boolean;
  itemName: string;
  busy: boolean;
  onClose: () => void;
  onImport: (mode: ImportMode) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ImportMode>('SUBSCRIBE');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('library.import.title', { name: itemName })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button busy={busy} onClick={() => onImport(mode)}>
            {busy ? t('library.import.importing') : t('library.import.confirm')}
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="mb-3 text-sm text-slate-600">{t('library.import.question')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {MODES.map(({ mode: value, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-lg border p-4 transition-colors',
                mode === value
                  ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500'
                  : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <input
                  type="radio"
                  name="import-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="accent-indigo-600"
                />
                <Icon className="size-4 text-indigo-600" aria-hidden />
                {t(`library.import.modes.${value}.label`)}
              </span>
              <span className="text-xs text-slate-600">
                {t(`library.import.modes.${value}.description`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Modal>
  );
}
