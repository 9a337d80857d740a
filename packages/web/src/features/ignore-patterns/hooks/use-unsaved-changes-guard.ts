import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { confirm } from '../../../components/ui/confirm-dialog';

/** Unsaved edits are confirmed away: in-app navigation asks, a reload or tab close warns. */
export function useUnsavedChangesGuard(active: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: t('ignorePatterns.leaveTitle'),
      message: t('ignorePatterns.leaveMessage'),
      confirmText: t('ignorePatterns.leaveConfirm'),
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, t]);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
