import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { type ApplyRecord, listApplies } from '../lib/apply-records';

/** Bumped after every write and undo, so that the readers of the applies read them again. */
const useAppliesVersion = create<{ version: number }>(() => ({ version: 0 }));

export function appliesChanged(): void {
  useAppliesVersion.setState((s) => ({ version: s.version + 1 }));
}

/** The project's kept applies, newest first. */
export function useProjectApplies(projectName: string | null): ApplyRecord[] {
  const version = useAppliesVersion((s) => s.version);
  const [loaded, setLoaded] = useState<{ for: string; records: ApplyRecord[] } | null>(null);
  useEffect(() => {
    if (projectName === null) return;
    let stale = false;
    listApplies(projectName).then(
      (records) => {
        if (!stale) setLoaded({ for: projectName, records });
      },
      (error: unknown) => console.error('Reading the kept applies failed', error),
    );
    return () => {
      stale = true;
    };
  }, [projectName, version]);
  return loaded && loaded.for === projectName ? loaded.records : [];
}
