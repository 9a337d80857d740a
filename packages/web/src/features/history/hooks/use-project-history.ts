import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../workspace';
import { history } from '../lib/history-instance';
import type { HistoryEntry } from '../types';

const EMPTY: HistoryEntry[] = [];

/**
 * The current project's history, newest first. Reads it from storage whenever the
 * project changes, which also hands its latest snapshot to change detection. A failed
 * read is kept (`loadFailed`) so the panel can offer Retry.
 */
export function useProjectHistory(): {
  projectName: string | null;
  entries: HistoryEntry[];
  loadFailed: boolean;
  retry: () => void;
} {
  const projectName = useSessionStore((s) => s.projectName);
  const entries = history.useStore((s) => (projectName ? s.byProject[projectName] : EMPTY));
  const [failedFor, setFailedFor] = useState<string | null>(null);

  const load = useCallback((name: string) => {
    setFailedFor(null);
    history.load(name).catch((error: unknown) => {
      console.error('Reading the prompt history failed', error);
      setFailedFor(name);
    });
  }, []);

  useEffect(() => {
    if (projectName) load(projectName);
  }, [projectName, load]);

  return {
    projectName,
    entries: entries ?? EMPTY,
    loadFailed: projectName !== null && failedFor === projectName,
    retry: () => {
      if (projectName) load(projectName);
    },
  };
}
