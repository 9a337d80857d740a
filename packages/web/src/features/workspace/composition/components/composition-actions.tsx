import { COMPOSITION_ITEMS_MAX } from '@promptloom/core';
import { Copy, Eraser, RefreshCw, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toast } from '#web/lib/toast.ts';
import { useCompositions, useCreateComposition, useUpdateComposition } from '../../../compositions';
import {
  useProjectComposition,
  usePromptStore,
  useSelectedCompositionId,
  useSessionStore,
} from '../../session';
import { keepHiddenBlocks } from '../lib/keep-hidden-blocks';
import { useClearComposition } from '../hooks/use-clear-composition';
import { useHiddenSavedBlocks } from '../hooks/use-hidden-saved-blocks';
import { SaveCompositionModal } from './save-composition-modal';

type SaveMode = 'new' | 'copy' | null;

/** Composition buttons: Clear, Save (nothing loaded), Update + Save as copy (loaded). */
export function CompositionActions() {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const currentComposition = useProjectComposition(project);
  const selectedCompositionId = useSelectedCompositionId(project);
  const { data: compositions = [] } = useCompositions();
  const create = useCreateComposition();
  const update = useUpdateComposition();
  const [mode, setMode] = useState<SaveMode>(null);
  const clear = useClearComposition(project);
  const loaded = compositions.find((c) => c.id === selectedCompositionId) ?? null;
  const empty = currentComposition.length === 0;
  const blockIds = () => currentComposition.map((i) => i.blockId);
  // Standalone mode hides the loaded composition's project blocks: Update keeps them.
  const { saved, hidden } = useHiddenSavedBlocks(loaded);
  const idsToUpdate = () => (hidden > 0 ? keepHiddenBlocks(saved, blockIds()) : blockIds());

  const guardSize = (count = currentComposition.length) => {
    if (currentComposition.length === 0) {
      toast.error(t('workspace.save.compositionEmptyOnSave'));
      return false;
    }
    if (count > COMPOSITION_ITEMS_MAX) {
      toast.error(t('workspace.save.tooManyBlocks', { max: COMPOSITION_ITEMS_MAX }));
      return false;
    }
    return true;
  };

  const saveNew = (name: string) => {
    if (!guardSize()) return;
    const pending = toast.loading(t('workspace.save.saving'));
    create.mutate(
      { name, blockIds: blockIds() },
      {
        onSuccess: (saved) => {
          usePromptStore.getState().markComposition(project, saved.id);
          toast.success(t('workspace.save.created'), pending);
          setMode(null);
        },
        onError: (error) => toast.error(errorMessage(error, t('workspace.save.error')), pending),
      },
    );
  };

  const updateLoaded = () => {
    if (!loaded) {
      toast.error(t('workspace.save.noCompositionToUpdate'));
      return;
    }
    const ids = idsToUpdate();
    if (!guardSize(ids.length)) return;
    const pending = toast.loading(t('workspace.save.saving'));
    update.mutate(
      { id: loaded.id, body: { name: loaded.name, blockIds: ids } },
      {
        onSuccess: () =>
          toast.success(
            hidden > 0
              ? t('workspace.save.updatedKeptHidden', { count: hidden })
              : t('workspace.save.updated'),
            pending,
          ),
        onError: (error) => toast.error(errorMessage(error, t('workspace.save.error')), pending),
      },
    );
  };

  return (
    <div className="ml-auto flex flex-wrap items-center justify-end gap-1.5">
      {loaded && (
        <span className="mr-1 max-w-40 truncate rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">
          {loaded.name}
        </span>
      )}
      <Button size="sm" variant="ghost" disabled={empty} onClick={clear}>
        <Eraser className="size-3.5" aria-hidden />
        {t('workspace.composition.clear')}
      </Button>
      {loaded && (
        <Button size="sm" variant="secondary" disabled={empty} onClick={() => setMode('copy')}>
          <Copy className="size-3.5" aria-hidden />
          {t('workspace.composition.saveAsCopy')}
        </Button>
      )}
      {/* One element for Save and Update: saving turns the first into the second, and the
          dialog closing gives focus back to it, still in the page. */}
      <Button
        size="sm"
        disabled={empty}
        busy={loaded ? update.isPending : false}
        onClick={loaded ? updateLoaded : () => setMode('new')}
      >
        {loaded ? (
          <RefreshCw className="size-3.5" aria-hidden />
        ) : (
          <Save className="size-3.5" aria-hidden />
        )}
        {loaded ? t('workspace.composition.update') : t('workspace.composition.save')}
      </Button>
      <SaveCompositionModal
        open={mode !== null}
        title={mode === 'copy' ? t('workspace.save.copyTitle') : t('workspace.save.title')}
        initialName={
          mode === 'copy' && loaded ? t('workspace.save.copyName', { name: loaded.name }) : ''
        }
        busy={create.isPending}
        onClose={() => setMode(null)}
        onSubmit={saveNew}
      />
    </div>
  );
}
