import { ArrowRight, FolderOpen, Sparkles, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useFolderActions } from '../../project-files';
import { useSessionStore } from '../../session';
import { ExamplePrompt } from './example-prompt';
import { FeatureList, RecentProjects, StartCard, WorkflowSteps } from './getting-started-sections';

/** Getting-started page: shown while no project (and no standalone session) is open. */
export function GettingStarted() {
  const { t } = useTranslation();
  const { selectFolder, startStandalone, uploadInput, unsupported, busy } = useFolderActions();
  const recent = useSessionStore((s) => s.recentProjectNames);

  return (
    <div className="h-full overflow-y-auto bg-gradient-to-b from-indigo-50/60 via-slate-50 to-slate-50">
      <div className="mx-auto max-w-5xl px-6 py-12">
        <header className="text-center">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-indigo-100 px-3 py-1 text-xs font-medium text-indigo-700">
            <Sparkles className="size-3.5" aria-hidden />
            {t('landing.badge')}
          </span>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900">
            {t('landing.title')}
          </h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">{t('landing.subtitle')}</p>
          <p className="mt-6 text-sm font-medium text-slate-500">{t('landing.startPrompt')}</p>
        </header>

        <div className="mt-6 grid gap-5 md:grid-cols-2">
          <StartCard id="landing-select-folder" icon={FolderOpen} texts="selectFolder" primary>
            {unsupported && (
              <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
                {t('workspace.errors.browserNotSupported')}
              </p>
            )}
            <Button
              className="mt-5 w-full"
              onClick={selectFolder}
              busy={busy}
              disabled={unsupported}
            >
              <FolderOpen className="size-4" aria-hidden />
              {t('landing.selectFolder.button')}
            </Button>
            {uploadInput}
            {recent.length > 0 && <RecentProjects names={recent} onReopen={selectFolder} />}
          </StartCard>

          <StartCard id="landing-standalone" icon={Zap} texts="standalone">
            <Button variant="secondary" className="mt-5 w-full" onClick={startStandalone}>
              {t('landing.standalone.button')}
              <ArrowRight className="size-4" aria-hidden />
            </Button>
          </StartCard>
        </div>

        <WorkflowSteps />

        <ExamplePrompt />

        <FeatureList />
      </div>
    </div>
  );
}
