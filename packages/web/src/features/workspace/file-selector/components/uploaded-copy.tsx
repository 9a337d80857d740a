import { Info } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { requestFolderUpload, takeTreeFocus, useConnectionStore } from '../../project-files';
import { useSessionStore } from '../../session';

/**
 * An uploaded folder (browsers without the File System Access API) is a copy taken when it was
 * chosen: said plainly above the tree, since nothing on disk reaches it afterwards.
 */
export function UploadedCopyNotice() {
  const { t } = useTranslation();
  const upload = useConnectionStore((s) => s.provider?.kind === 'upload');
  if (!upload) return null;
  return (
    <p className="flex items-start gap-2 border-b border-sky-200 bg-sky-50 px-3 py-2 text-xs text-sky-900">
      <Info className="mt-px size-3.5 shrink-0 text-sky-700" aria-hidden />
      <span>{t('fileSelector.uploadedCopy.note')}</span>
    </p>
  );
}

/**
 * Refresh for the file selector. A folder read through its handle is listed again; an uploaded
 * one cannot be re-read, so Refresh explains that and offers to pick the folder again. The
 * re-picked folder opens as the same project (same name), so the selection, the composition
 * and the change flags carry over by path (docs/decisions/062). The dialog gives focus back to
 * Refresh when it closes; so does this once the new copy is listed.
 */
export function useRefresh(
  refetch: () => void,
  loading: boolean,
): { refresh: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const upload = useConnectionStore((s) => s.provider?.kind === 'upload');
  const providerId = useConnectionStore((s) => s.providerId);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  /** The connection at 'Pick the folder again', until the new copy arrives. */
  const pickedAt = useRef<number | null>(null);

  // Refresh is disabled while the new copy is listed, which drops its focus: give it back
  // once a new copy is in and listed. It stays on the page, so the tree does not take focus
  // as it does when a folder is opened from the start page (docs/decisions/063).
  useEffect(() => {
    if (pickedAt.current === null || providerId === pickedAt.current || loading) return;
    pickedAt.current = null;
    takeTreeFocus();
    if (opener.current?.isConnected) opener.current.focus();
  }, [providerId, loading]);

  const close = () => setOpen(false);
  const pickAgain = () => {
    // The page behind a modal dialog is inert: take the dialog down before opening the chooser.
    flushSync(() => setOpen(false));
    pickedAt.current = providerId;
    if (!requestFolderUpload()) {
      pickedAt.current = null;
      refetch();
    }
  };

  const refresh = () => {
    if (!upload) return refetch();
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  };

  const dialog = (
    <Modal
      open={open}
      onClose={close}
      size="sm"
      title={t('fileSelector.uploadedCopy.title')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          {/* What Refresh was pressed for: Enter picks the folder again, Escape cancels. */}
          <Button data-initial-focus onClick={pickAgain}>
            {t('fileSelector.uploadedCopy.pickAgain')}
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-slate-700">
        <p>{t('fileSelector.uploadedCopy.body', { name: projectName ?? '' })}</p>
        <p>{t('fileSelector.uploadedCopy.keeps')}</p>
      </div>
    </Modal>
  );
  return { refresh, dialog };
}
