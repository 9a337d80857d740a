import {
  Blocks,
  Bot,
  Coins,
  Eye,
  FileText,
  RotateCcw,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { modelLabel } from '../../workspace';
import { formatEntryDateTime, formatEntryTime } from '../lib/format';
import type { HistoryEntry } from '../types';
import { IconButton } from '../../../components/ui/icon-button';

interface Props {
  entry: HistoryEntry;
  latest: boolean;
  onView: () => void;
  onRestore: () => void;
  onDelete: () => void;
}

function Action({
  label,
  icon: Icon,
  onClick,
  danger,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <IconButton
      label={label}
      onClick={onClick}
      className={cn(
        'rounded p-1 text-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
        danger ? 'hover:bg-red-50 hover:text-red-600' : 'hover:bg-slate-100 hover:text-slate-800',
      )}
    >
      <Icon className="size-3.5" aria-hidden />
    </IconButton>
  );
}

/** One history entry: time, request (or the 'no task' note), counts and its three actions. */
export function HistoryEntryCard({ entry, latest, onView, onRestore, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const time = formatEntryTime(entry.timestamp, i18n.language);
  const request = entry.finalRequest.trim();
  return (
    <article
      aria-label={t('history.entryLabel', { time })}
      aria-current={latest || undefined}
      className={cn(
        'rounded-lg border bg-white p-2.5 shadow-xs',
        latest ? 'border-indigo-400 ring-1 ring-indigo-100' : 'border-slate-200',
      )}
    >
      <div className="flex items-center gap-1.5">
        <time
          dateTime={new Date(entry.timestamp).toISOString()}
          title={formatEntryDateTime(entry.timestamp, i18n.language)}
          className="text-xs font-semibold text-slate-700 tabular-nums"
        >
          {time}
        </time>
        {latest && (
          <span className="rounded bg-indigo-50 px-1.5 py-px text-[10px] font-semibold tracking-wide text-indigo-700 uppercase">
            {t('history.latest')}
          </span>
        )}
        <div className="ml-auto flex items-center">
          <Action label={t('history.view')} icon={Eye} onClick={onView} />
          <Action label={t('history.restore')} icon={RotateCcw} onClick={onRestore} />
          <Action label={t('history.delete')} icon={Trash2} onClick={onDelete} danger />
        </div>
      </div>
      {request ? (
        <p className="mt-1 line-clamp-2 text-xs break-words text-slate-700" title={request}>
          {request}
        </p>
      ) : (
        <p className="mt-1 text-xs text-slate-400 italic">{t('history.noTask')}</p>
      )}
      <ul className="mt-1.5 flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-[11px] text-slate-500">
        <li className="inline-flex items-center gap-1">
          <Blocks className="size-3" aria-hidden />
          {t('history.blocks', { count: entry.currentComposition.length })}
        </li>
        <li className="inline-flex items-center gap-1">
          <FileText className="size-3" aria-hidden />
          {t('history.files', { count: entry.selectedFiles.length })}
        </li>
        <li className="inline-flex items-center gap-1">
          <Coins className="size-3" aria-hidden />
          {entry.model && !entry.model.exact && '≈'}
          {t('history.tokens', {
            count: entry.totalTokens,
            value: formatNumber(entry.totalTokens, i18n.language),
          })}
        </li>
        {entry.model && (
          <li
            className="inline-flex items-center gap-1"
            title={t('history.modelTitle', {
              format: t(`workspace.model.formats.${entry.model.format}`),
            })}
          >
            <Bot className="size-3" aria-hidden />
            {modelLabel(t, entry.model)}
          </li>
        )}
      </ul>
    </article>
  );
}
