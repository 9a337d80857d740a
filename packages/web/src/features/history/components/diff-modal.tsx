import { useTranslation } from 'react-i18next';
import { DiffView } from '../../../components/ui/diff-view';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { closeDiff, useDiffViewer } from '../lib/diff-store';
import { formatEntryTime } from '../lib/format';

/**
 * Side-by-side diff viewer: the file as it was in the latest history entry
 * against its current content; 'no diff' when they are equal. The comparison itself is
 * bounded and asynchronous (DiffView), so a large file never freezes the page. When the
 * current file cannot be read, the last prompt's version is shown with the reason.
 */
export function DiffModal() {
  const { t, i18n } = useTranslation();
  const { id, isOpen, filePath, oldContent, newContent, snapshotAt, redacted, unavailable } =
    useDiffViewer();
  const oldLabel = t('history.diff.old', { time: formatEntryTime(snapshotAt, i18n.language) });
  return (
    <Modal
      open={isOpen}
      onClose={closeDiff}
      size="xl"
      title={<span className="break-all">{t('history.diff.title', { path: filePath })}</span>}
      footer={
        <Button variant="secondary" onClick={closeDiff}>
          {t('common.close')}
        </Button>
      }
    >
      {unavailable !== null ? (
        <div className="space-y-3">
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {unavailable}
          </p>
          <h3 className="text-xs font-semibold text-slate-600">{oldLabel}</h3>
          <pre
            aria-label={oldLabel}
            tabIndex={0}
            className="max-h-[60vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800"
          >
            {oldContent}
          </pre>
        </div>
      ) : (
        <>
          {redacted && (
            <p className="mb-3 text-xs text-slate-600">{t('history.diff.redactedNote')}</p>
          )}
          <DiffView
            key={id}
            oldText={oldContent}
            newText={newContent}
            oldLabel={oldLabel}
            newLabel={t('history.diff.new')}
            identicalMessage={t('history.diff.identical')}
          />
        </>
      )}
    </Modal>
  );
}
