import { SUGGEST_CANDIDATES } from '@promptloom/core';
import { useEffect } from 'react';
import { provideRelevance } from '../../counting';
import { useConnectionStore, useFileChanges, useFileTree } from '../../project-files';
import { useSessionStore } from '../../session';
import { suggestIndex } from '../lib/index-client';
import { useSuggestStore } from '../stores/suggest-store';

/**
 * Builds the project's suggestion index in the background once its files' sizes and mtimes are
 * known, and again after each refresh (the worker reads only what changed). Not in standalone
 * mode, which has no folder. Provides Fit to budget with the ranking of the request.
 */
export function useSuggestIndex(): void {
  const project = useSessionStore((s) => s.projectName);
  const standalone = useSessionStore((s) => s.sessionMode === 'STANDALONE');
  const provider = useConnectionStore((s) => s.provider);
  const tree = useFileTree().data;
  const { changed } = useFileChanges(tree);

  // Fit to budget trims by the same relevance, once the index is there (decision 096).
  useEffect(
    () =>
      provideRelevance(async (request) => {
        if (useSuggestStore.getState().status !== 'ready') return undefined;
        const ranked = await suggestIndex.rank(request, changed, SUGGEST_CANDIDATES);
        return ranked.map((file) => file.path);
      }),
    [changed],
  );

  // A folder is chosen: its stored index is read while the folder is listed.
  const hasFolder = provider?.fileOf !== undefined;
  useEffect(() => {
    if (!standalone && project && hasFolder) suggestIndex.preload(project);
  }, [project, standalone, hasFolder]);

  useEffect(() => {
    const fileOf = provider?.fileOf?.bind(provider);
    if (standalone || !project || !fileOf || !tree?.metadataReady) return;
    const files = tree.files.map(({ path, size, mtime }) => ({ path, size, mtime }));
    const set = useSuggestStore.setState;
    const fresh = useSuggestStore.getState().project !== project;
    set({
      project,
      status: 'building',
      done: 0,
      total: files.length,
      ...(fresh && {
        ranked: null,
        rankedFor: '',
        rankFailed: false,
        unchecked: new Set<string>(),
      }),
    });
    suggestIndex.open(
      project,
      files,
      fileOf,
      {
        progress: (done, total) => set({ done, total }),
        ready: (total) => set({ status: 'ready', done: total, total }),
        failed: () => set({ status: 'failed' }),
      },
      provider?.root,
    );
  }, [project, standalone, provider, tree]);
}
