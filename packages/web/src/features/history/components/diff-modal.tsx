import { useTranslation } from 'react-i18next';
import { DiffView } from '../../../components/ui/diff-view';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { closeDiff, useDiffViewer } from '../lib/diff-store';
import { formatEntryTime } from '../lib/format';

/**
 * Side-by-side diff viewer: the file as it was in the latest history entry
 * against its current content; 'no diff' when they are equal. The comparison itself is
 * bounded and asynchronous (DiffView), so a large file never freezes the page.
 */
export function DiffModal() {
  const { t, i18n } = useTranslation();
  const { id, isOpen, filePath, oldContent, newContent, snapshotAt } = useDiffViewer();
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
      <DiffView
        key={id}
        oldText={oldContent}
        newText={newContent}
        oldLabel={t('history.diff.old', { time: formatEntryTime(snapshotAt, i18n.language) })}
        newLabel={t('history.diff.new')}
        identicalMessage={t('history.diff.identical')}
      />
    </Modal>
  );
}
