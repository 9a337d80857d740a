import { SUGGEST_RANK_DEBOUNCE_MS, SUGGEST_ROWS } from '#web/config/limits.ts';
import { useEffect } from 'react';
import { useSettledRequest } from '../../counting';
import { useFileChanges, useFileTree } from '../../project-files';
import { useSessionStore } from '../../session';
import { suggestIndex } from '../lib/index-client';
import { useSuggestStore } from '../stores/suggest-store';

/**
 * While the region is open, ranks the project's files for the request each time it settles
 * and each time the index is rebuilt; a ranking that lands after a newer one began is dropped.
 */
export function useRanking(): void {
  const project = useSessionStore((s) => s.projectName);
  const open = useSuggestStore((s) => s.open);
  const status = useSuggestStore((s) => s.status);
  const request = useSettledRequest(project, SUGGEST_RANK_DEBOUNCE_MS).trim();
  const { changed } = useFileChanges(useFileTree().data);

  useEffect(() => {
    if (!open || !request || status !== 'ready') return;
    let stale = false;
    useSuggestStore.setState({ ranking: true, rankFailed: false });
    suggestIndex.rank(request, changed, SUGGEST_ROWS).then(
      (ranked) => {
        if (stale) return;
        useSuggestStore.setState({ ranked, rankedFor: request, ranking: false });
      },
      (error: unknown) => {
        console.warn('Suggestion ranking failed', error);
        if (!stale) useSuggestStore.setState({ ranking: false, rankFailed: true });
      },
    );
    return () => {
      stale = true;
    };
  }, [open, request, status, changed]);
}
