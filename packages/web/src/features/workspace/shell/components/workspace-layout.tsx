import type { Block } from '@promptloom/core';
import { WORKSPACE_NARROW_MAX_PX } from '#web/config/limits.ts';
import { useEditModal } from '#web/lib/use-edit-modal.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { usePruneSelection } from '../../project-files';
import { usePromptTokenCounting } from '../../counting';
import { usePromptStore, useSessionStore } from '../../session';
import { BlockModal } from '../../../blocks';
import { BlockLibrary, CompositionPanel, useDefaultComposition } from '../../composition';
import { FileSelector } from '../../file-selector';
import { PromptModal, usePromptView } from '../../generation';
import { ApplyAnswerButton, ApplyDialog } from '../../apply';
import { useSuggestIndex } from '../../suggest';
import { NarrowTabs } from './narrow-tabs';
import { StatusBar } from './status-bar';
import { SummaryBar } from './summary-bar';
import { TopBar } from './top-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useWorkspaceShortcuts } from '../hooks/use-workspace-shortcuts';
import { WidePanes } from './wide-panes';

/** Background work of the open workspace, in components that render nothing. */
function WorkspaceEffects() {
  // First: it must see a new project before any other effect stores state for it.
  useDefaultComposition();
  usePromptTokenCounting();
  usePruneSelection();
  return null;
}

/** The keyboard shortcuts, apart so that their sources do not re-render the layout. */
function WorkspaceShortcuts() {
  useWorkspaceShortcuts();
  return null;
}

/** The suggestion index, built in the background: apart, so its progress re-renders nothing else. */
function SuggestIndexEffect() {
  useSuggestIndex();
  return null;
}

/**
 * Main workspace: top, status and summary bars around the panes. The panes are placed
 * by WidePanes (library | composition | files) or, below 768 px, NarrowTabs; each pane is a
 * self-contained component (docs/decisions/028).
 */
export function WorkspaceLayout() {
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const projectName = useSessionStore((s) => s.projectName);
  const narrow = useMediaQuery(`(max-width: ${WORKSPACE_NARROW_MAX_PX}px)`);
  const blockModal = useEditModal<Block>();

  const panes = {
    library: <BlockLibrary onNewBlock={() => blockModal.open(null)} />,
    composition: <CompositionPanel onEditBlock={(block) => blockModal.open(block)} />,
    files: isProject ? <FileSelector /> : null,
  };

  return (
    <div className="flex h-full min-h-0 flex-col bg-slate-50">
      <WorkspaceEffects />
      <SuggestIndexEffect />
      <WorkspaceShortcuts />
      <TopBar />
      <StatusBar />
      {narrow ? <NarrowTabs {...panes} /> : <WidePanes {...panes} />}
      <SummaryBar />
      <PromptModal
        actions={
          isProject ? (
            <ApplyAnswerButton onOpen={() => usePromptView.getState().closePrompt()} />
          ) : undefined
        }
      />
      <ApplyDialog />
      <ShortcutsDialog />
      <BlockModal
        open={blockModal.isOpen}
        block={blockModal.edited}
        onClose={blockModal.close}
        onSaved={(block, created) => {
          // A block created from the workspace goes straight into the composition.
          if (created && projectName) usePromptStore.getState().addBlock(projectName, block.id);
        }}
      />
    </div>
  );
}
