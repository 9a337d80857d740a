import { useTranslation } from 'react-i18next';
import { type ApplyRecord, UndoApplyButton } from '../../workspace';
import { formatEntryTime } from '../lib/format';

/** The answers applied after a prompt (before the next one): when, and which files. */
export function AppliedList({ records }: { records: readonly ApplyRecord[] }) {
  const { t, i18n } = useTranslation();
  if (records.length === 0) return null;
  return (
    <ul aria-label={t('history.applies.label')} className="mt-1 space-y-1 pl-3">
      {records.map((record) => (
        <li key={record.id} className="border-l-2 border-emerald-300 pl-2 text-xs text-slate-600">
          <p className="font-medium text-emerald-800">
            {t('history.applies.entry', {
              time: formatEntryTime(record.at, i18n.language),
              count: record.files.length,
            })}
          </p>
          <p className="truncate font-mono" title={record.files.map((f) => f.path).join('\n')}>
            {record.files.map((f) => f.path).join(', ')}
          </p>
          <div className="mt-1">
            <UndoApplyButton record={record} />
          </div>
        </li>
      ))}
    </ul>
  );
}
