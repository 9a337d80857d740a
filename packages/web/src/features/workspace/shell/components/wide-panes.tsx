import { PANELS, WORKSPACE_PANES } from '#web/config/limits.ts';
import type { ReactNode } from 'react';
import { Panel, PanelGroup } from 'react-resizable-panels';
import { ResizeHandle } from './resize-handle';

export interface PanesProps {
  library: ReactNode;
  composition: ReactNode;
  /** Absent in standalone mode: no project, no files. */
  files: ReactNode | null;
}

const { main, side } = WORKSPACE_PANES;
const border = 'border-slate-200';

/**
 * Wide screens (docs/decisions/028): the files as the main pane, the composition over the
 * block library beside them. Without a project: library | composition (30/70, PANELS).
 * Sizes persist per arrangement.
 */
export function WidePanes({ library, composition, files }: PanesProps) {
  if (!files) {
    return (
      <PanelGroup
        direction="horizontal"
        autoSaveId="promptloom.workspace.standalone"
        className="min-h-0 flex-1"
      >
        <Panel
          id="library"
          order={1}
          defaultSize={PANELS.defaultSizes[0]}
          minSize={PANELS.horizontalMin[0]}
          className={`border-r ${border}`}
        >
          {library}
        </Panel>
        <ResizeHandle direction="horizontal" />
        <Panel
          id="composition"
          order={2}
          defaultSize={PANELS.defaultSizes[1]}
          minSize={PANELS.horizontalMin[1]}
        >
          {composition}
        </Panel>
      </PanelGroup>
    );
  }
  return (
    <PanelGroup
      direction="horizontal"
      autoSaveId="promptloom.workspace.project"
      className="min-h-0 flex-1"
    >
      <Panel
        id="files"
        order={1}
        defaultSize={main.defaultSizes[0]}
        minSize={main.minSizes[0]}
        className={`border-r ${border}`}
      >
        {files}
      </Panel>
      <ResizeHandle direction="horizontal" />
      <Panel id="side" order={2} defaultSize={main.defaultSizes[1]} minSize={main.minSizes[1]}>
        <PanelGroup direction="vertical" autoSaveId="promptloom.workspace.side">
          <Panel
            id="composition"
            order={1}
            defaultSize={side.defaultSizes[0]}
            minSize={side.minSizes[0]}
          >
            {composition}
          </Panel>
          <ResizeHandle direction="vertical" />
          <Panel
            id="library"
            order={2}
            defaultSize={side.defaultSizes[1]}
            minSize={side.minSizes[1]}
            className={`border-t ${border}`}
          >
            {library}
          </Panel>
        </PanelGroup>
      </Panel>
    </PanelGroup>
  );
}
