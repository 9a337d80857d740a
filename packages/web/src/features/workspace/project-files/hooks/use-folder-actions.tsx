import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFolderHandle, deleteHistory, saveFolderHandle } from '#web/lib/idb.ts';
import { toast } from '#web/lib/toast.ts';
import {
  createHandleProvider,
  createUploadProvider,
  uploadRootName,
} from '../lib/browser-file-provider';
import {
  type AccessType,
  type FolderPermission,
  hasDirectoryPicker,
  hasFolderUpload,
  isAbortError,
  pickDirectory,
  queryReadPermission,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { useConnectionStore } from '../stores/connection-store';
import { useFileView } from '../stores/file-view-store';
import { useIgnoreView } from '../stores/listing-store';
import { scanRules, useIgnoreSettings } from './use-ignore-settings';
import { clearContentCache } from '../lib/cached-provider';
import { registerUploadInput } from '../lib/upload-trigger';
import { prepareListingWorker } from '../lib/listing-worker';
import { focusTreeAfterOpen } from '../lib/focus-after-open';
import { WORKSPACE_QUERY_KEY } from './query-keys';

/** Moves a project to the front of the recent list; a project pushed out loses its state and history. */
function openProject(name: string, accessType: AccessType, permission: FolderPermission) {
  const same = useSessionStore.getState().projectName === name;
  const dropped = useSessionStore.getState().selectProject(name, accessType, permission);
  if (!same) {
    useFileView.getState().resetExpanded();
    useFileView.getState().resetFilters();
  }
  for (const project of dropped) {
    usePromptStore.getState().dropProject(project);
    void deleteHistory(project);
  }
}

/**
 * Folder selection: the File System Access picker when the browser
 * has it, else a folder upload through `<input webkitdirectory>`, else the unsupported message.
 * Returns the hidden upload input to render next to the button that calls `selectFolder`.
 */
export function useFolderActions(): {
  selectFolder: () => void;
  startStandalone: () => void;
  uploadInput: ReactNode;
  unsupported: boolean;
  busy: boolean;
} {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => registerUploadInput(inputRef.current), []);
  useEffect(() => {
    if (hasDirectoryPicker()) prepareListingWorker();
  }, []);
  const [busy, setBusy] = useState(false);
  const unsupported = !hasDirectoryPicker() && !hasFolderUpload();
  const queryClient = useQueryClient();
  const settings = useIgnoreSettings();
  const ignoreCase = useIgnoreView((s) => s.ignoreCase);

  const selectFolder = useCallback(() => {
    if (hasDirectoryPicker()) {
      setBusy(true);
      void (async () => {
        try {
          const handle = await pickDirectory();
          const permission = await queryReadPermission(handle);
          const provider = permission === 'granted' ? createHandleProvider(handle) : null;
          // The worker's walk starts now, not after the workspace's first render: it waits for
          // the folder's observer, which starts while the handle is saved (decision 079).
          if (provider && settings.ready) provider.prefetchEarly?.(scanRules(settings, ignoreCase));
          try {
            await saveFolderHandle(handle);
          } catch (error) {
            provider?.dispose?.();
            throw error;
          }
          queryClient.removeQueries({ queryKey: WORKSPACE_QUERY_KEY });
          // Provider and session change together, so no permission screen flashes in between.
          useConnectionStore.getState().setProvider(provider, handle);
          focusTreeAfterOpen();
          openProject(handle.name, 'BROWSER', permission);
          useConnectionStore.getState().setChecked(true);
        } catch (error) {
          if (!isAbortError(error)) {
            console.error(error);
            toast.error(t('workspace.errors.folderSelection'));
          }
        } finally {
          setBusy(false);
        }
      })();
      return;
    }
    if (hasFolderUpload()) {
      inputRef.current?.click();
      return;
    }
    toast.error(t('workspace.errors.browserNotSupported'));
  }, [queryClient, t, settings, ignoreCase]);

  const onUpload = useCallback(
    (files: FileList | null) => {
      const list = files ? Array.from(files) : [];
      if (inputRef.current) inputRef.current.value = '';
      if (list.length === 0) return;
      const name = uploadRootName(list);
      queryClient.removeQueries({ queryKey: WORKSPACE_QUERY_KEY });
      focusTreeAfterOpen();
      useConnectionStore.getState().setProvider(createUploadProvider(list));
      openProject(name, 'UPLOAD', 'granted');
      useConnectionStore.getState().setChecked(true);
    },
    [queryClient],
  );

  const startStandalone = useCallback(() => {
    useConnectionStore.getState().setProvider(null);
    useSessionStore.getState().startStandalone();
  }, []);

  const uploadInput = (
    <input
      ref={inputRef}
      type="file"
      // React does not know the non-standard attribute; it is passed through to the DOM.
      {...{ webkitdirectory: '', directory: '' }}
      multiple
      aria-label={t('landing.uploadFolder')}
      className="sr-only"
      tabIndex={-1}
      onChange={(event) => onUpload(event.target.files)}
    />
  );

  return { selectFolder, startStandalone, uploadInput, unsupported, busy };
}

/** Disconnect: forget the handle and the project, drop cached files. */
export function useDisconnect(): () => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void clearFolderHandle();
    useConnectionStore.getState().setProvider(null);
    useSessionStore.getState().clearProject();
    queryClient.removeQueries({ queryKey: WORKSPACE_QUERY_KEY });
    clearContentCache();
    toast.success(t('workspace.messages.disconnected'));
  }, [queryClient, t]);
}
