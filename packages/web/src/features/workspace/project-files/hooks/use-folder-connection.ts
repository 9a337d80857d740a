import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFolderHandle } from '#web/lib/idb.ts';
import { toast } from '#web/lib/toast.ts';
import { createHandleProvider } from '../lib/browser-file-provider';
import { queryReadPermission, requestReadPermission, useSessionStore } from '../../session';
import { useConnectionStore } from '../stores/connection-store';

/**
 * Restores the connection of a browser-mode project on load (permission is
 * checked whenever a browser-mode project exists) and lets the user re-request it.
 * `handleMissing` means the stored handle is gone: granting then re-opens the picker.
 */
export function useFolderConnection() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const accessType = useSessionStore((s) => s.accessType);
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const provider = useConnectionStore((s) => s.provider);
  const [handle, setHandle] = useState<FileSystemDirectoryHandle | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!isProject || accessType !== 'BROWSER' || provider) return;
    let cancelled = false;
    setChecking(true);
    void (async () => {
      try {
        // The handle in memory first: IndexedDB is only needed after a reload.
        const stored = useConnectionStore.getState().handle ?? (await loadFolderHandle());
        if (cancelled) return;
        const match = stored && stored.name === projectName ? stored : null;
        setHandle(match);
        if (!match) return;
        const permission = await queryReadPermission(match);
        if (cancelled) return;
        useSessionStore.getState().setPermission(permission);
        if (permission === 'granted') {
          useConnectionStore.getState().setProvider(createHandleProvider(match), match);
        }
      } catch (error) {
        console.error(error);
      } finally {
        if (!cancelled) {
          setChecking(false);
          useConnectionStore.getState().setChecked(true);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [isProject, accessType, projectName, provider]);

  const requestAccess = useCallback(async () => {
    if (!handle) {
      toast.error(t('workspace.errors.permissionMissing'));
      return;
    }
    try {
      const permission = await requestReadPermission(handle);
      useSessionStore.getState().setPermission(permission);
      if (permission === 'granted') {
        useConnectionStore.getState().setProvider(createHandleProvider(handle), handle);
      } else {
        toast.error(t('workspace.errors.accessDenied'));
      }
    } catch (error) {
      console.error(error);
      useSessionStore.getState().setPermission('denied');
      toast.error(t('workspace.errors.accessDenied'));
    }
  }, [handle, t]);

  return { checking, handleMissing: !checking && !handle, requestAccess };
}
