import { useEffect, useState } from 'react';
import { readFinalRequest, usePromptStore } from '../../session';

/**
 * The project's request once it has stopped changing for `delayMs`. It watches the store
 * outside React, so its reader re-renders once per pause in typing, not on each keystroke
 * (a debounced React value re-rendered its reader, and every hook in it, on every key).
 */
export function useSettledRequest(project: string | null, delayMs: number): string {
  const [settled, setSettled] = useState(() => readFinalRequest(project));
  useEffect(() => {
    let latest = readFinalRequest(project);
    // Another project: its request settles after the same pause.
    let timer = setTimeout(() => setSettled(latest), delayMs);
    const unsubscribe = usePromptStore.subscribe(() => {
      const now = readFinalRequest(project);
      if (now === latest) return;
      latest = now;
      clearTimeout(timer);
      timer = setTimeout(() => setSettled(latest), delayMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [project, delayMs]);
  return settled;
}
