import { RECENT_PROJECTS_MAX } from '#web/config/limits.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { STANDALONE_PROJECT_NAME, useSessionStore } from './session-store';

describe('project session', () => {
  beforeEach(() => useSessionStore.getState().reset());

  it('choosing a project: PROJECT mode, permission prompt, front of the recent list', () => {
    const dropped = useSessionStore.getState().selectProject('alpha', 'BROWSER');
    const s = useSessionStore.getState();
    expect(dropped).toEqual([]);
    expect(s).toMatchObject({
      projectName: 'alpha',
      sessionMode: 'PROJECT',
      permissionState: 'prompt',
      projectPath: null,
    });
    useSessionStore.getState().selectProject('beta', 'BROWSER');
    useSessionStore.getState().selectProject('alpha', 'BROWSER');
    expect(useSessionStore.getState().recentProjectNames).toEqual(['alpha', 'beta']);
  });

  it(`keeps ${RECENT_PROJECTS_MAX} recent projects and reports the one dropped`, () => {
    const { selectProject } = useSessionStore.getState();
    for (const name of ['p1', 'p2', 'p3', 'p4', 'p5']) selectProject(name, 'BROWSER');
    expect(selectProject('p6', 'UPLOAD')).toEqual(['p1']);
    expect(useSessionStore.getState().recentProjectNames).toEqual(['p6', 'p5', 'p4', 'p3', 'p2']);
  });

  it('standalone: special name, granted; clearing returns to STANDALONE with prompt', () => {
    useSessionStore.getState().startStandalone();
    expect(useSessionStore.getState()).toMatchObject({
      projectName: STANDALONE_PROJECT_NAME,
      sessionMode: 'STANDALONE',
      permissionState: 'granted',
    });
    useSessionStore.getState().clearProject();
    expect(useSessionStore.getState()).toMatchObject({
      projectName: null,
      sessionMode: 'STANDALONE',
      permissionState: 'prompt',
    });
  });

  it('never trusts a stored permission for a project: it is checked again on load', () => {
    useSessionStore.getState().selectProject('alpha', 'BROWSER', 'granted');
    const stored = JSON.parse(localStorage.getItem('promptloom.project-session')!) as {
      version: number;
      state: { permissionState: string };
    };
    expect(stored.version).toBe(1);
    expect(stored.state.permissionState).toBe('prompt');
  });
});
