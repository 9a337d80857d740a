import { PANELS } from '@promptloom/core';
import { Panel, PanelGroup, PanelResizeHandle } from 'react-resizable-panels';
import { usePruneSelection } from '../hooks/use-prune-selection';
import { useBaseTokenCounting, useRequestTokenCounting } from '../hooks/use-token-count';
import { useSessionStore } from '../stores/session-store';
import { BlockModal, useBlockModal } from '../../blocks';
import { usePromptStore } from '../stores/prompt-store';
import { CompositionPanel } from './composition/composition-panel';
import { FileSelector } from './file-selector/file-selector';
import { PromptModal } from './generation/prompt-modal';
import { BlockLibrary } from './library/block-library';
import { StatusBar } from './layout/status-bar';
import { SummaryBar } from './layout/summary-bar';
import { TopBar } from './layout/top-bar';

function ResizeHandle({ direction }: { direction: 'horizontal' | 'vertical' }) {
  return (
    <PanelResizeHandle
      className={
        direction === 'horizontal'
          ? 'w-1.5 bg-slate-100 transition-colors hover:bg-indigo-200 data-[resize-handle-state=drag]:bg-indigo-300'
          : 'h-1.5 bg-slate-100 transition-colors hover:bg-indigo-200 data-[resize-handle-state=drag]:bg-indigo-300'
      }
    />
  );
}

/** Background work of the open workspace, in components that render nothing. */
function WorkspaceEffects() {
  useBaseTokenCounting();
  usePruneSelection();
  return null;
}

/** Apart, so that a keystroke in the request re-renders only this and the request box. */
function RequestCountEffect() {
  useRequestTokenCounting();
  return null;
}

/**
 * SPEC §2 main workspace: top, status and summary bars around a resizable split (30/70,
 * minimums 20/30, sizes persisted). In PROJECT mode the left column splits vertically
 * (30/70, minimums 25/20) between the block library and the file selector.
 */
export function WorkspaceLayout() {
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const projectName = useSessionStore((s) => s.projectName);
  const blockModal = useBlockModal();

  const library = <BlockLibrary onNewBlock={() => blockModal.open(null)} />;

  return (
    <div className="flex h-full min-h-0 flex-col bg-slate-50">
      <WorkspaceEffects />
      <RequestCountEffect />
      <TopBar />
      <StatusBar />
      <PanelGroup
        direction="horizontal"
        autoSaveId="promptloom.workspace.main"
        className="min-h-0 flex-1"
      >
        <Panel
          id="left"
          order={1}
          defaultSize={PANELS.defaultSizes[0]}
          minSize={PANELS.horizontalMin[0]}
          className="border-r border-slate-200"
        >
          {isProject ? (
            <PanelGroup direction="vertical" autoSaveId="promptloom.workspace.left">
              <Panel
                id="library"
                order={1}
                defaultSize={PANELS.defaultSizes[0]}
                minSize={PANELS.verticalMin[0]}
              >
                {library}
              </Panel>
              <ResizeHandle direction="vertical" />
              <Panel
                id="files"
                order={2}
                defaultSize={PANELS.defaultSizes[1]}
                minSize={PANELS.verticalMin[1]}
                className="border-t border-slate-200"
              >
                <FileSelector />
              </Panel>
            </PanelGroup>
          ) : (
            library
          )}
        </Panel>
        <ResizeHandle direction="horizontal" />
        <Panel
          id="composition"
          order={2}
          defaultSize={PANELS.defaultSizes[1]}
          minSize={PANELS.horizontalMin[1]}
        >
          <div className="h-full bg-slate-50">
            <CompositionPanel onEditBlock={(block) => blockModal.open(block)} />
          </div>
        </Panel>
      </PanelGroup>
      <SummaryBar />
      <PromptModal />
      <BlockModal
        open={blockModal.isOpen}
        block={blockModal.block}
        onClose={blockModal.close}
        onSaved={(block, created) => {
          // A block created from the workspace goes straight into the composition.
          if (created && projectName) usePromptStore.getState().addBlock(projectName, block.id);
        }}
      />
    </div>
  );
}
