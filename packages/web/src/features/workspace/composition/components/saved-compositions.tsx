import { FolderKanban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '#web/components/ui/error-box.tsx';
import { cn } from '#web/lib/cn.ts';
import {
  useLibraryData,
  usePromptStore,
  useSelectedCompositionId,
  useSessionStore,
} from '../../session';
import { needsProject } from '../lib/block-rules';

/** Saved compositions: a click loads one with fresh instance ids. */
export function SavedCompositions() {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const standalone = useSessionStore((s) => s.sessionMode === 'STANDALONE');
  const selectedCompositionId = useSelectedCompositionId(project);
  const { compositions, compositionsQuery } = useLibraryData();
  if (compositionsQuery.isError) {
    return (
      <ErrorBox
        message={t('lists.compositionsError')}
        onRetry={() => void compositionsQuery.refetch()}
        retrying={compositionsQuery.isFetching}
      />
    );
  }
  if (compositions.length === 0) return null;

  return (
    <div>
      <h3 className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('workspace.library.compositions')}
      </h3>
      <ul className="mt-1.5 space-y-1">
        {compositions.map((composition) => (
          <li key={composition.id}>
            <button
              type="button"
              onClick={() => {
                // Standalone sessions drop the blocks that need a project.
                const ids = [...composition.blocks]
                  .sort((a, b) => a.order - b.order)
                  .filter((b) => !(standalone && needsProject(b)))
                  .map((b) => b.blockId);
                usePromptStore.getState().loadComposition(project, composition.id, ids);
              }}
              className={cn(
                'flex w-full items-center gap-2 rounded-md border px-2.5 py-1.5 text-left text-sm',
                selectedCompositionId === composition.id
                  ? 'border-indigo-300 bg-indigo-50 text-indigo-900'
                  : 'border-slate-200 text-slate-700 hover:bg-slate-50',
              )}
            >
              <FolderKanban className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{composition.name}</span>
              <span className="text-xs text-slate-500">
                {t('workspace.library.blockCount', { count: composition.blocks.length })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
