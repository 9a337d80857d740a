import { EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCompositions } from '../../../compositions';
import { useHiddenSavedBlocks } from '../hooks/use-hidden-saved-blocks';
import { useSelectedCompositionId, useSessionStore } from '../../session';

/** Says that the loaded composition has project blocks this session hides, and keeps. */
export function HiddenBlocksNote() {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const selectedCompositionId = useSelectedCompositionId(project);
  const { data: compositions = [] } = useCompositions();
  const loaded = compositions.find((c) => c.id === selectedCompositionId) ?? null;
  const { hidden } = useHiddenSavedBlocks(loaded);
  if (!loaded || hidden === 0) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-600">
      <EyeOff className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
      {t('workspace.composition.hiddenKept', { count: hidden, name: loaded.name })}
    </p>
  );
}
