import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { downloadText } from '../../../lib/download';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { fetchExport } from '../api';
import { Section } from './section';

/** Export: everything the server holds about the user, downloaded as one JSON file. */
export function ExportSection() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const onExport = async () => {
    setBusy(true);
    try {
      const file = await fetchExport();
      const day = new Date().toISOString().slice(0, 10);
      downloadText(
        `promptloom-export-${day}.json`,
        JSON.stringify(file, null, 2),
        'application/json',
      );
      toast.success(t('account.export.done'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="account-export" title={t('account.export.title')}>
      <p className="max-w-2xl text-sm text-slate-600">{t('account.export.description')}</p>
      <Button className="mt-4" busy={busy} onClick={() => void onExport()}>
        <Download className="size-4" aria-hidden />
        {t('account.export.button')}
      </Button>
    </Section>
  );
}
