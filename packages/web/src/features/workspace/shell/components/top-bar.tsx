import { FolderGit2, Layers, Unplug, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { useDisconnect } from '../../project-files';
import { useProjectComposition, useProjectModel, useSessionStore } from '../../session';
import { HeaderTokenCount, ModelPicker, useTokenStore, useTotalTokens } from '../../counting';
import { GenerateButton } from '../../generation';
import { ApplyAnswerButton } from '../../apply';

/**
 * Top bar: project, disconnect, tokens against the max, block count, apply an answer,
 * generate; and
 * the model and prompt format, the max being the model's budget.
 */
export function TopBar() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const currentComposition = useProjectComposition(projectName);
  const total = useTotalTokens();
  const calculating = useTokenStore((s) => s.calculating);
  const estimated = useTokenStore((s) => s.estimated);
  const model = useProjectModel();
  const disconnect = useDisconnect();

  return (
    // Below md the model picker takes a row of its own, so the project name keeps its room;
    // the token figure (also in the bottom bar) shows here only where the row has room.
    <div className="flex min-h-14 shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2">
      {/* A 10rem basis: on a phone the buttons wrap below the name rather than cut it to "S…". */}
      <div className="flex min-w-0 flex-1 basis-40 items-center gap-2 md:flex-none md:basis-auto">
        {isProject ? (
          <FolderGit2 className="size-5 shrink-0 text-indigo-600" aria-hidden />
        ) : (
          <Zap className="size-5 shrink-0 text-slate-500" aria-hidden />
        )}
        <h1 className="truncate text-base font-semibold text-slate-900" data-testid="project-name">
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
      <div className="order-last w-full min-w-0 md:order-none md:ml-auto md:w-auto">
        <ModelPicker />
      </div>
      <div className="flex items-center gap-4 text-sm text-slate-600">
        <HeaderTokenCount
          total={total}
          budget={model.budget}
          calculating={calculating}
          approximate={estimated || !model.exact}
        />
        <span className="hidden items-center gap-1.5 whitespace-nowrap 2xl:flex">
          <Layers className="size-4 text-slate-400" aria-hidden />
          {t('workspace.blockCount', { count: currentComposition.length })}
        </span>
        {isProject && (
          <span className="shrink-0">
            <ApplyAnswerButton size="sm" />
          </span>
        )}
        <span className="shrink-0">
          <GenerateButton size="sm" />
        </span>
      </div>
    </div>
  );
}
