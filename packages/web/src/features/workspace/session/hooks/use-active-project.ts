import { useShallow } from 'zustand/react/shallow';
import { useSessionStore } from '../stores/session-store';

/** The open project's name and mode; `isProject` is true only in PROJECT mode. */
export function useActiveProject() {
  return useSessionStore(
    useShallow((s) => ({
      projectName: s.projectName,
      sessionMode: s.sessionMode,
      accessType: s.accessType,
      permissionState: s.permissionState,
      isProject: s.sessionMode === 'PROJECT' && s.projectName !== null,
    })),
  );
}
