import { defaultCompositionBlockIds } from '@promptloom/core';
import { useEffect, useRef } from 'react';
import { useSettings } from '../../../ignore-patterns';
import { useLibraryData, usePromptStore, useSessionStore } from '../../session';
import { revealRequestWhenShown } from '../lib/focus-request';

/**
 * A project opened for the first time starts with the user's default composition (Settings),
 * else the built-in one (structure, selected files, answer format, request): ticking files then puts them in
 * the first prompt. Only once per project, and only while its composition is still empty, so
 * a cleared or hand-built composition is never replaced. Its request field is scrolled into
 * view once shown.
 */
export function useDefaultComposition() {
  const project = useSessionStore((s) => (s.sessionMode === 'PROJECT' ? s.projectName : null));
  const { blocks, compositions, blocksQuery, compositionsQuery } = useLibraryData();
  const settings = useSettings();
  const firstOpened = useRef(new Set<string>());

  useEffect(() => {
    if (project && !usePromptStore.getState().projects[project]) {
      firstOpened.current.add(project);
    }
  }, [project]);

  const ready = blocksQuery.isSuccess && !compositionsQuery.isPending && !settings.isPending;
  useEffect(() => {
    if (!project || !ready || !firstOpened.current.has(project)) return;
    firstOpened.current.delete(project);
    if ((usePromptStore.getState().projects[project]?.currentComposition.length ?? 0) > 0) return;
    const chosen = settings.data?.defaultCompositionId ?? null;
    const ids = defaultCompositionBlockIds(blocks, compositions, chosen);
    if (ids.length === 0) return;
    // A new user's first look: where the request goes, under the blocks above it.
    if (ids.some((id) => blocks.find((block) => block.id === id)?.type === 'DYNAMIC_TASK')) {
      revealRequestWhenShown();
    }
    usePromptStore.getState().replaceComposition(project, ids);
  }, [project, ready, blocks, compositions, settings.data]);
}
