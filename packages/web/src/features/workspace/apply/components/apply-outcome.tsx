import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import type { ApplyRecord } from '../lib/apply-records';
import type { NotWrittenReason, WriteOutcome } from '../lib/write-changes';
import { useApplyStore } from '../stores/apply-store';

function PathList({ label, paths, tone }: { label: string; paths: string[]; tone: string }) {
  if (paths.length === 0) return null;
  return (
    <section aria-label={label} className={`rounded-md p-2 text-sm ${tone}`}>
      <p className="font-medium">{label}</p>
      <ul className="mt-1 list-inside list-disc font-mono text-xs break-all">
        {paths.map((path) => (
          <li key={path}>{path}</li>
        ))}
      </ul>
    </section>
  );
}

/** Why files were not written, most pressing first; the label of each says why. */
const REASONS: { reason: NotWrittenReason; tone: string }[] = [
  { reason: 'conflict', tone: 'bg-amber-50 text-amber-900' },
  { reason: 'error', tone: 'bg-red-50 text-red-900' },
  { reason: 'failed', tone: 'bg-red-50 text-red-900' },
  { reason: 'stale', tone: 'bg-amber-50 text-amber-900' },
  { reason: 'unchecked', tone: 'bg-slate-100 text-slate-800' },
  { reason: 'unchanged', tone: 'bg-slate-100 text-slate-800' },
];

/**
 * What "Write changes" did: what was written and what was not, and why, with "Undo apply";
 * after the undo, what it restored and left alone. Its title takes focus when it shows, and
 * again when the undo replaces it.
 */
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
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), [undone]);

  const title = undone
    ? t('apply.undone', { count: undone.restored.length })
    : t('apply.written', { count: outcome.written.length });
  return (
    <div className="flex flex-col gap-3">
      <h3 ref={titleRef} tabIndex={-1} className="text-sm font-medium text-slate-800 outline-none">
        {title}
      </h3>
      {undone ? (
        <>
          <PathList
            label={t('apply.restoredLabel')}
            paths={undone.restored}
            tone="bg-emerald-50 text-emerald-900"
          />
          <PathList
            label={t('apply.leftAloneLabel')}
            paths={undone.leftAlone}
            tone="bg-amber-50 text-amber-900"
          />
        </>
      ) : (
        <>
          <PathList
            label={t('apply.writtenLabel')}
            paths={outcome.written}
            tone="bg-emerald-50 text-emerald-900"
          />
          {REASONS.map(({ reason, tone }) => (
            <PathList
              key={reason}
              label={t(`apply.notWritten.${reason}`)}
              paths={outcome.notWritten.filter((n) => n.reason === reason).map((n) => n.path)}
              tone={tone}
            />
          ))}
        </>
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
