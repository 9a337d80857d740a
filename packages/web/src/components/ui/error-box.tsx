import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** SPEC §8 Generic: a title and the message, or the unknown-error sentence. */
export function ErrorBox({ message }: { message?: string | null }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <AlertTriangle className="size-5 shrink-0 text-red-600" aria-hidden />
      <div>
        <p className="font-medium text-red-800">{t('common.errorTitle')}</p>
        <p className="text-sm text-red-700">{message || t('common.unknownError')}</p>
      </div>
    </div>
  );
}
