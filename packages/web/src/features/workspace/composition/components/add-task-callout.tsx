import { Plus, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import {
  useLibraryData,
  useProjectComposition,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { focusRequestWhenShown } from '../lib/focus-request';

/**
 * Shown while the composition has no active dynamic-task block, so there is nowhere to
 * type the final request: one click adds the user's dynamic-task block.
 */
export function AddTaskCallout() {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const currentComposition = useProjectComposition(project);
  const { blocks, blocksById } = useLibraryData();
  const hasTask = currentComposition.some(
    (i) => i.isActive && blocksById.get(i.blockId)?.type === 'DYNAMIC_TASK',
  );
  const taskBlock =
    blocks.find((b) => b.type === 'DYNAMIC_TASK' && b.isSystemBlock) ??
    blocks.find((b) => b.type === 'DYNAMIC_TASK');
  if (hasTask || blocks.length === 0) return null;

  return (
    <div className="flex items-start gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-3">
      <Sparkles className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden />
      <div className="flex-1 text-sm">
        <p className="font-medium text-indigo-900">{t('workspace.callout.title')}</p>
        <p className="text-indigo-800/80">{t('workspace.callout.description')}</p>
      </div>
      {taskBlock && (
        <Button
          size="sm"
          onClick={() => {
            focusRequestWhenShown();
            usePromptStore.getState().addBlock(project, taskBlock.id);
          }}
        >
          <Plus className="size-3.5" aria-hidden />
          {t('workspace.callout.button')}
        </Button>
      )}
    </div>
  );
}
