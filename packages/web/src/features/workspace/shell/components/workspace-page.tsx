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

  if (!projectName) return <GettingStarted />;
  if (mode === 'PROJECT' && (permission !== 'granted' || !provider)) return <PermissionScreen />;
  return <WorkspaceLayout />;
}
