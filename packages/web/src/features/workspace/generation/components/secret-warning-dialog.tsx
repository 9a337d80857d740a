import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { useSecretWarning } from '../stores/secret-warning-store';

/**
 * Shown before a prompt holding secrets can be viewed or copied: each finding as
 * file:line and kind, never the secret itself. Redact or Include anyway; closing cancels.
 */
export function SecretWarningDialog() {
  const { t } = useTranslation();
  const findings = useSecretWarning((s) => s.findings);
  const answer = useSecretWarning((s) => s.answer);
  return (
    <Modal
      open={findings !== null}
      onClose={() => answer('cancel')}
      title={t('secrets.title', { count: findings?.length ?? 0 })}
      footer={
        <>
          <Button variant="secondary" onClick={() => answer('include')}>
            {t('secrets.includeAnyway')}
          </Button>
          <Button data-initial-focus onClick={() => answer('redact')}>
            {t('secrets.redact')}
          </Button>
        </>
      }
    >
      <div className="flex gap-3">
        <ShieldAlert className="size-5 shrink-0 text-amber-600" aria-hidden />
        <p className="text-sm text-slate-700">{t('secrets.description')}</p>
      </div>
      <ul aria-label={t('secrets.listLabel')} className="mt-3 max-h-72 space-y-1 overflow-auto">
        {findings?.map((finding) => (
          <li
            key={`${finding.path}:${finding.start}`}
            className="flex justify-between gap-3 rounded bg-amber-50 px-2 py-1 font-mono text-xs"
          >
            <span className="truncate text-slate-800">
              {finding.path}:{finding.line}
            </span>
            <span className="shrink-0 text-amber-800">{finding.kind}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
