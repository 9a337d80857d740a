import { useEffect } from 'react';
import { useSessionStore } from '../../workspace';
import { history } from '../lib/history-instance';
import type { HistoryEntry } from '../types';

const EMPTY: HistoryEntry[] = [];

/**
 * The current project's history, newest first. Reads it from storage whenever the
 * project changes, which also hands its latest snapshot to change detection.
 */
export function useProjectHistory(): { projectName: string | null; entries: HistoryEntry[] } {
  const projectName = useSessionStore((s) => s.projectName);
  const entries = history.useStore((s) => (projectName ? s.byProject[projectName] : EMPTY));

  useEffect(() => {
    if (!projectName) return;
    history.load(projectName).catch((error: unknown) => {
      console.error('Reading the prompt history failed', error);
    });
  }, [projectName]);

  return { projectName, entries: entries ?? EMPTY };
}
