import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import type { ApplyRecord } from '../lib/apply-records';
import type { WriteOutcome } from '../lib/write-changes';
import { useApplyStore } from '../stores/apply-store';

function PathList({ label, paths, tone }: { label: string; paths: string[]; tone: string }) {
  if (paths.length === 0) return null;
  return (
    <section aria-label={label} className={`rounded-md p-2 text-sm ${tone}`}>
      <p className="font-medium">{label}</p>
      <ul className="mt-1 list-inside list-disc font-mono text-xs">
        {paths.map((path) => (
          <li key={path}>{path}</li>
        ))}
      </ul>
    </section>
  );
}

/** What "Write changes" did, and "Undo apply" with what it restored and left alone. */
export function ApplyOutcome({
  outcome,
  onUndo,
}: {
  outcome: WriteOutcome;
  onUndo: (record: ApplyRecord) => void;
}) {
  const { t } = useTranslation();
  const undone = useApplyStore((s) => s.undone);
  const busy = useApplyStore((s) => s.busy);
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-slate-800">
        {undone
          ? t('apply.undone', { count: undone.restored.length })
          : t('apply.written', { count: outcome.written.length })}
      </p>
      <PathList
        label={t('apply.writtenLabel')}
        paths={outcome.written}
        tone="bg-emerald-50 text-emerald-900"
      />
      <PathList
        label={t('apply.conflictsLabel')}
        paths={outcome.conflicts}
        tone="bg-amber-50 text-amber-900"
      />
      <PathList
        label={t('apply.errorsLabel')}
        paths={outcome.errors}
        tone="bg-red-50 text-red-900"
      />
      {undone && (
        <PathList
          label={t('apply.leftAloneLabel')}
          paths={undone.leftAlone}
          tone="bg-amber-50 text-amber-900"
        />
      )}
      {outcome.record && !undone && (
        <div>
          <Button variant="secondary" busy={busy} onClick={() => onUndo(outcome.record!)}>
            {t('apply.undo')}
          </Button>
        </div>
      )}
    </div>
  );
}
