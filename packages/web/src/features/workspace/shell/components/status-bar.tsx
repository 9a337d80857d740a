import { FolderOpen, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnectionStore, useFolderActions } from '../../project-files';
import { useSessionStore } from '../../session';

/** Status bar: the active project with change-project, or standalone with open-project. */
export function StatusBar() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const upload = useConnectionStore((s) => s.provider?.kind === 'upload');
  const { selectFolder, uploadInput } = useFolderActions();

  return (
    <div className="flex h-8 shrink-0 items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 text-xs text-slate-600">
      <span
        className={
          isProject ? 'size-2 rounded-full bg-emerald-500' : 'size-2 rounded-full bg-slate-400'
        }
      />
      {isProject ? (
        // One line in the bar's height: on a phone a long name ends in an ellipsis (the whole
        // line in its title) rather than wrapping the bar, and Change project keeps its line.
        <span
          className="min-w-0 truncate"
          title={`${t('workspace.status.activeProject')} ${projectName ?? ''}${upload ? ` (${t('workspace.status.uploaded')})` : ''}`}
        >
          {t('workspace.status.activeProject')}{' '}
          <strong className="font-semibold text-slate-800">{projectName}</strong>
          {upload && (
            <span className="ml-1 text-slate-400">({t('workspace.status.uploaded')})</span>
          )}
        </span>
      ) : (
        <span className="font-medium">{t('workspace.status.standalone')}</span>
      )}
      <button
        type="button"
        onClick={selectFolder}
        className="ml-1 inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 font-medium whitespace-nowrap text-indigo-600 hover:bg-indigo-50"
      >
        {isProject ? (
          <Repeat className="size-3" aria-hidden />
        ) : (
          <FolderOpen className="size-3" aria-hidden />
        )}
        {isProject ? t('workspace.status.changeProject') : t('workspace.status.openProject')}
      </button>
      {uploadInput}
    </div>
  );
}
