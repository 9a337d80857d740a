import { useTranslation } from 'react-i18next';
import { toastWithAction } from '#web/lib/toast-action.tsx';
import { usePromptStore } from '../../session';

/**
 * Clear, with Undo: empties the project's composition, its loaded marker and the typed
 * request, and offers them back in a toast.
 */
export function useClearComposition(project: string): () => void {
  const { t } = useTranslation();
  return () => {
    const store = usePromptStore.getState();
    const state = store.projects[project];
    if (!state) return;
    const cleared = {
      currentComposition: state.currentComposition,
      finalRequest: state.finalRequest,
      selectedCompositionId: state.selectedCompositionId,
    };
    store.clearComposition(project);
    toastWithAction(t('workspace.composition.cleared'), t('workspace.composition.undo'), () =>
      usePromptStore.getState().undoClear(project, cleared),
    );
  };
}
