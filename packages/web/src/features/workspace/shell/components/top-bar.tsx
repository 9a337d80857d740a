import { ChevronDown, FolderGit2, SlidersHorizontal, Unplug, Zap } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { WORKSPACE_NARROW_MAX_PX } from '#web/config/limits.ts';
import { cn } from '#web/lib/cn.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { useDisconnect } from '../../project-files';
import { modelLabel, useProjectModel, useSessionStore } from '../../session';
import { ModelPicker } from '../../counting';
import { ApplyAnswerButton } from '../../apply';

/**
 * The "Prompt settings" disclosure of a phone: one slim row naming the model, so the settings
 * (up to six fields, a third of the screen) open only when wanted and the panes keep the room.
 */
function SettingsToggle({
  open,
  controls,
  onToggle,
}: {
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const model = useProjectModel();
  const id = useId();
  const summary = modelLabel(t, {
    id: model.preset.id,
    label: model.preset.label,
    tokenizer: model.tokenizer,
  });
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-summary`}
      onClick={onToggle}
      className="flex w-full items-center gap-2 border-t border-slate-100 px-4 py-1.5 text-left text-xs text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
    >
      <SlidersHorizontal className="size-3.5 shrink-0" aria-hidden />
      <span id={`${id}-label`} className="shrink-0 font-medium text-slate-800">
        {t('workspace.topBar.settings')}
      </span>
      <span id={`${id}-summary`} className="min-w-0 truncate text-slate-500">
        {summary}
      </span>
      <ChevronDown
        className={cn('ml-auto size-4 shrink-0 transition-transform', open && 'rotate-180')}
        aria-hidden
      />
    </button>
  );
}

/**
 * Top bar: the project with Disconnect and Apply answer, then the prompt settings (model,
 * answer reserve, prompt format) on a row of their own; on a phone they fold behind a
 * "Prompt settings" disclosure. The token count, the block count and Generate live once, in
 * the summary bar (docs/decisions/109).
 */
export function TopBar() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const disconnect = useDisconnect();
  const narrow = useMediaQuery(`(max-width: ${WORKSPACE_NARROW_MAX_PX}px)`);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsId = useId();

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
      {projectName && narrow && (
        <SettingsToggle
          open={settingsOpen}
          controls={settingsId}
          onToggle={() => setSettingsOpen((open) => !open)}
        />
      )}
      {/* Hidden rather than unmounted while folded: the reserve's help keeps its state. */}
      {projectName && (
        <section
          id={settingsId}
          hidden={narrow && !settingsOpen}
          aria-label={t('workspace.topBar.settings')}
          className="border-t border-slate-100 px-4 py-2"
        >
          <ModelPicker />
        </section>
      )}
    </div>
  );
}
