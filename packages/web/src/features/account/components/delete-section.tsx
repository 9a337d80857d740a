import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteAccount } from '../api';
import { Section } from './section';

/**
 * Delete the account, behind a dialog that says plainly what goes, what stays with others
 * (subscribers keep their copies, detached) and that it cannot be undone (decision 060).
 */
export function DeleteSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [open, setOpen] = useState(false);

  const onDelete = async () => {
    try {
      await deleteAccount.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    setOpen(false);
    toast.success(t('account.delete.done'));
    void navigate('/login', { replace: true });
  };

  return (
    <Section id="account-delete" title={t('account.delete.title')} danger>
      <p className="max-w-2xl text-sm text-slate-600">{t('account.delete.description')}</p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden />
        {t('account.delete.button')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('account.delete.confirmTitle')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" data-initial-focus onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" busy={deleteAccount.isPending} onClick={() => void onDelete()}>
              {t('account.delete.confirm')}
            </Button>
          </>
        }
      >
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
          <li>{t('account.delete.whatGoes')}</li>
          <li>{t('account.delete.sharedItems')}</li>
          <li>{t('account.delete.sessions')}</li>
        </ul>
        <p className="mt-3 text-sm font-medium text-red-700">{t('account.delete.final')}</p>
      </Modal>
    </Section>
  );
}
