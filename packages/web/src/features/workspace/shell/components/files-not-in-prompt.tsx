import { FileWarning, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import {
  addFilesBlock,
  compositionHasFiles,
  useLibraryData,
  useProjectComposition,
  useProjectSelectedFiles,
  useSessionStore,
} from '../../session';

/**
 * Beside the count: files are selected but no active block of the composition puts them in
 * the prompt (their tokens are not counted). One click adds the files block.
 */
export function FilesNotInPrompt() {
  const { t } = useTranslation();
  const project = useSessionStore((s) => (s.sessionMode === 'PROJECT' ? s.projectName : null));
  const composition = useProjectComposition(project);
  const selected = useProjectSelectedFiles(project);
  const { blocks, blocksById } = useLibraryData();
  if (!project || selected.length === 0 || blocks.length === 0) return null;
  if (compositionHasFiles(composition, blocksById)) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-t border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <FileWarning className="size-4 shrink-0 text-amber-700" aria-hidden />
      <span className="min-w-0 flex-1">
        {t('workspace.filesNotInPrompt.notice', { count: selected.length })}
      </span>
      <Button size="sm" variant="secondary" onClick={() => addFilesBlock(project, blocks)}>
        <Plus className="size-3.5" aria-hidden />
        {t('workspace.filesNotInPrompt.add')}
      </Button>
    </div>
  );
}
