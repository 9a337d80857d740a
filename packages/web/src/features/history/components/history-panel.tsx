import { History, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { confirm } from '../../../components/ui/confirm-dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { toast } from '../../../lib/toast';
import { restorePromptState, STANDALONE_PROJECT_NAME } from '../../workspace';
import { useProjectHistory } from '../hooks/use-project-history';
import { formatEntryTime } from '../lib/format';
import { history } from '../lib/history-instance';
import type { HistoryEntry } from '../types';
import { DiffModal } from './diff-modal';
import { useProjectApplies } from '../../workspace';
import { AppliedList } from './applied-list';
import { HistoryEntryCard } from './history-entry-card';
import { HistoryPromptModal } from './history-prompt-modal';

/**
 * History panel of the sidebar, shown only when the current project has entries:
 * count, clear, and per entry view / restore / delete. It also hosts the diff viewer,
 * which the workspace's Diff buttons open.
 */
export function HistoryPanel() {
  const { t, i18n } = useTranslation();
  const { projectName, entries, loadFailed, retry } = useProjectHistory();
  const applies = useProjectApplies(projectName);
  // An apply answered the latest prompt made before it.
  const appliedAfter = (index: number) =>
    applies.filter(
      (record) =>
        record.at >= entries[index]!.timestamp &&
        (index === 0 || record.at < entries[index - 1]!.timestamp),
    );
  const [viewing, setViewing] = useState<HistoryEntry | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const failed = (error: unknown) => {
    console.error(error);
    toast.error(t('history.saveError'));
  };
  const timeOf = (entry: HistoryEntry) => formatEntryTime(entry.timestamp, i18n.language);

  const clearAll = async () => {
    if (!projectName) return;
    const ok = await confirm({
      title: t('history.confirmClear.title'),
      message: t('history.confirmClear.message', {
        count: entries.length,
        project:
          projectName === STANDALONE_PROJECT_NAME ? t('workspace.status.standalone') : projectName,
      }),
      confirmText: t('history.confirmClear.confirm'),
    });
    if (!ok) return;
    await history.clear(projectName).then(() => toast.success(t('history.cleared')), failed);
  };

  const remove = async (entry: HistoryEntry) => {
    const ok = await confirm({
      title: t('history.confirmDelete.title'),
      message: t('history.confirmDelete.message', { time: timeOf(entry) }),
      // Explicit: the shared dialog keeps the previous call's confirmText when none is given.
      confirmText: t('common.delete'),
    });
    if (!ok) return;
    await history
      .remove(entry.projectName, entry.id)
      .then(() => toast.success(t('history.deleted')), failed);
  };

  const restore = async (entry: HistoryEntry) => {
    const ok = await confirm({
      title: t('history.confirmRestore.title'),
      message: t('history.confirmRestore.message', { time: timeOf(entry) }),
      confirmText: t('history.confirmRestore.confirm'),
    });
    if (!ok) return;
    restorePromptState(entry.projectName, entry);
    toast.success(t('history.restored'));
    if (pathname !== '/') void navigate('/');
  };

  return (
    <>
      {loadFailed && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <ErrorBox message={t('lists.historyError')} onRetry={retry} />
        </div>
      )}
      {projectName && entries.length > 0 && (
        <section
          aria-labelledby="history-panel-title"
          className="mt-5 border-t border-slate-200 pt-4 pb-3"
        >
          <div className="flex items-center justify-between px-2.5 pb-2">
            <h2
              id="history-panel-title"
              className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-400 uppercase"
            >
              <History className="size-3.5" aria-hidden />
              {t('history.title', { count: entries.length })}
            </h2>
            <button
              type="button"
              onClick={() => void clearAll()}
              aria-label={t('history.clear')}
              title={t('history.clear')}
              className="rounded p-1 text-slate-400 transition-colors hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Trash2 className="size-3.5" aria-hidden />
            </button>
          </div>
          <ul aria-label={t('history.listLabel')} className="space-y-2">
            {entries.map((entry, index) => (
              <li key={entry.id}>
                <HistoryEntryCard
                  entry={entry}
                  latest={index === 0}
                  onView={() => setViewing(entry)}
                  onRestore={() => void restore(entry)}
                  onDelete={() => void remove(entry)}
                />
                <AppliedList records={appliedAfter(index)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <HistoryPromptModal entry={viewing} onClose={() => setViewing(null)} />
      <DiffModal />
    </>
  );
}
