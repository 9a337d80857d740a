import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useConnectionStore } from '../../project-files';
import type { ApplyRecord } from '../lib/apply-records';
import { applyActions } from '../stores/apply-store';

/**
 * Undo apply for a kept apply, from the history: opens the apply dialog on what that apply
 * wrote, where Undo apply restores it. Shown only while the folder can be written to.
 */
export function UndoApplyButton({ record }: { record: ApplyRecord }) {
  const { t } = useTranslation();
  const canWrite = useConnectionStore((s) => s.handle !== null);
  if (!canWrite) return null;
  return (
    <Button variant="secondary" size="sm" onClick={() => applyActions.openRecord(record)}>
      {t('apply.undo')}
    </Button>
  );
}
