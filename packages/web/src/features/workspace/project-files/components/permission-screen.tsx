import { FolderLock, FolderOpen, ShieldCheck, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useDisconnect, useFolderActions } from '../hooks/use-folder-actions';
import { useFolderConnection } from '../hooks/use-folder-connection';
import { useSessionStore } from '../../session';

/**
 * Permission prompt of a PROJECT session without granted access: title and
 * description naming the project, the privacy note, grant and change-project buttons;
 * the denied variant disables grant. An uploaded folder (no handle) is chosen again.
 */
export function PermissionScreen() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const permission = useSessionStore((s) => s.permissionState);
  const accessType = useSessionStore((s) => s.accessType);
  const { checking, handleMissing, requestAccess } = useFolderConnection();
  const { selectFolder, uploadInput } = useFolderActions();
  const disconnect = useDisconnect();
  const denied = permission === 'denied';
  const reselect = accessType === 'UPLOAD' || handleMissing;

  if (!projectName || checking) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-slate-500">
        <Spinner className="size-5" />
        {t('workspace.permission.loading')}
      </div>
    );
  }

  return (
    <div className="flex h-full items-center justify-center bg-slate-50 p-6">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <div
          className={
            denied
              ? 'flex size-12 items-center justify-center rounded-xl bg-red-100 text-red-600'
              : 'flex size-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-600'
          }
        >
          <FolderLock className="size-6" aria-hidden />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">
          {denied
            ? t('workspace.permission.deniedTitle')
            : reselect
              ? t('workspace.permission.reselectTitle', { name: projectName })
              : t('workspace.permission.title', { name: projectName })}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {denied
            ? t('workspace.permission.deniedDescription', { name: projectName })
            : reselect
              ? t('workspace.permission.reselectDescription', { name: projectName })
              : t('workspace.permission.description', { name: projectName })}
        </p>
        <p className="mt-4 flex gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
          <ShieldCheck className="size-4 shrink-0 translate-y-0.5" aria-hidden />
          {t('workspace.permission.privacy')}
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          {reselect ? (
            <Button onClick={selectFolder}>
              {accessType === 'UPLOAD' ? (
                <Upload className="size-4" aria-hidden />
              ) : (
                <FolderOpen className="size-4" aria-hidden />
              )}
              {t('workspace.permission.reselect')}
            </Button>
          ) : (
            <Button onClick={() => void requestAccess()} disabled={denied}>
              {t('workspace.permission.grant')}
            </Button>
          )}
          <Button variant="secondary" onClick={disconnect}>
            {t('workspace.permission.changeProject')}
          </Button>
          {uploadInput}
        </div>
      </div>
    </div>
  );
}
