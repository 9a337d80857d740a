import { useDeferredValue } from 'react';
import { PermissionScreen, useConnectionStore, useIgnoreSettings } from '../../project-files';
import { useSessionStore } from '../../session';
import { GettingStarted } from './getting-started';
import { WorkspaceLayout } from './workspace-layout';

/**
 * The / route: the getting-started page without a project, the permission screen for a
 * PROJECT session that cannot read its folder yet, else the workspace.
 */
export function WorkspacePage() {
  const projectName = useSessionStore((s) => s.projectName);
  const mode = useSessionStore((s) => s.sessionMode);
  const permission = useSessionStore((s) => s.permissionState);
  const provider = useConnectionStore((s) => s.provider);
  // Asked before a folder is chosen, so its listing starts without a settings round trip.
  useIgnoreSettings();

  const view = !projectName
    ? 'start'
    : mode === 'PROJECT' && (permission !== 'granted' || !provider)
      ? 'permission'
      : 'workspace';
  // The stores above update synchronously, and mounting the whole workspace is one of the
  // page's longest renders (70–150 ms once a folder is picked, while its walk has begun):
  // deferred, React renders the new view in a transition, in slices that let frames and the
  // listing's messages through, and shows it once it is whole.
  const shown = useDeferredValue(view);

  if (shown === 'start') return <GettingStarted />;
  if (shown === 'permission') return <PermissionScreen />;
  return <WorkspaceLayout />;
}
