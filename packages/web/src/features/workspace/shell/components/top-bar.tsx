import { FolderGit2, Unplug, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useDisconnect } from '../../project-files';
import { useSessionStore } from '../../session';
import { ModelPicker } from '../../counting';
import { ApplyAnswerButton } from '../../apply';

/**
 * Top bar: the project with Disconnect and Apply answer, then the prompt settings (model,
 * answer reserve, prompt format) on a row of their own. The token count, the block count and
 * Generate live once, in the summary bar (docs/decisions/109).
 */
export function TopBar() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const disconnect = useDisconnect();

  return (
    <div className="shrink-0 border-b border-slate-200 bg-white">
      {/* Wraps: on a phone Apply answer goes under the name rather than cut it to "sample-p…". */}
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
        <div className="flex min-w-0 flex-auto items-center gap-2">
          {isProject ? (
            <FolderGit2 className="size-5 shrink-0 text-indigo-600" aria-hidden />
          ) : (
            <Zap className="size-5 shrink-0 text-slate-500" aria-hidden />
          )}
          <h1
            className="truncate text-base font-semibold text-slate-900"
            data-testid="project-name"
          >
            {isProject ? projectName : t('workspace.status.standalone')}
          </h1>
          {isProject && (
            <Button
              size="sm"
              variant="ghost"
              onClick={disconnect}
              title={t('workspace.topBar.disconnect')}
            >
              <Unplug className="size-3.5" aria-hidden />
              <span className="hidden lg:inline">{t('workspace.topBar.disconnect')}</span>
            </Button>
          )}
        </div>
        {isProject && (
          <span className="shrink-0">
            <ApplyAnswerButton size="sm" />
          </span>
        )}
      </div>
      {/* Standalone mode too: its prompt has a model and a format like a project's. */}
      {projectName && (
        <section
          aria-label={t('workspace.topBar.settings')}
          className="border-t border-slate-100 px-4 py-2"
        >
          <ModelPicker />
        </section>
      )}
    </div>
  );
}
