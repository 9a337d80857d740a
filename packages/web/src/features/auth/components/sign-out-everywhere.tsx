import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { confirm } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { logoutEverywhere } from '../session';

/**
 * Settings: end every session of the account (every browser and device, this one included).
 * Personal access tokens are separate credentials and stay (decision 039): the text says so.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    const confirmed = await confirm({
      title: t('sessions.confirmTitle'),
      message: t('sessions.confirmMessage'),
      confirmText: t('sessions.confirm'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await logoutEverywhere();
    } catch (error) {
      setBusy(false);
      toast.error(errorMessage(error));
      return;
    }
    toast.success(t('sessions.done'));
    void navigate('/login', { replace: true });
  };

  return (
    <section aria-labelledby="sessions-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        {t('sessions.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">{t('sessions.description')}</p>
      <Button
        variant="secondary"
        className="mt-4"
        busy={busy}
        onClick={() => void signOutEverywhere()}
      >
        <LogOut className="size-4" aria-hidden />
        {t('sessions.signOutEverywhere')}
      </Button>
    </section>
  );
}
