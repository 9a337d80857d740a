import type { User } from '@promptloom/core';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../components/ui/confirm-dialog';
import { logout } from '../../features/auth';
import { Avatar } from '../../components/ui/avatar';
import { IconButton } from '../../components/ui/icon-button';

/** Avatar, name, email and a log-out button behind a confirmation. */
export function UserCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const signOut = async () => {
    const confirmed = await confirm({
      title: t('shell.logoutTitle'),
      message: t('shell.logoutMessage'),
      confirmText: t('shell.logout'),
    });
    if (!confirmed) return;
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <section aria-label={t('shell.account')} className="flex items-center gap-2.5">
      <Avatar user={user} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={user.name}>
          {user.name}
        </p>
        {user.email && (
          <p className="truncate text-xs text-slate-500" title={user.email}>
            {user.email}
          </p>
        )}
      </div>
      <IconButton
        onClick={() => void signOut()}
        label={t('shell.logout')}
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <LogOut className="size-4" aria-hidden />
      </IconButton>
    </section>
  );
}
