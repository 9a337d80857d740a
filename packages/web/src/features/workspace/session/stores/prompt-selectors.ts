import type { CompositionItem } from './prompt-state';
import { usePromptStore } from './prompt-store';

const NO_ITEMS: CompositionItem[] = [];
const NO_FILES: string[] = [];

/** One field of a project's prompt state: typing the request does not re-render its readers. */
export function useProjectComposition(project: string | null): CompositionItem[] {
  return usePromptStore(
    (s) => (project ? s.projects[project]?.currentComposition : undefined) ?? NO_ITEMS,
  );
}

export function useProjectSelectedFiles(project: string | null): string[] {
  return usePromptStore(
    (s) => (project ? s.projects[project]?.selectedFiles : undefined) ?? NO_FILES,
  );
}

/** The request's length: the character counter re-renders on each key, not the field. */
export function useProjectFinalRequestLength(project: string | null): number {
  return usePromptStore(
    (s) => ((project ? s.projects[project]?.finalRequest : undefined) ?? '').length,
  );
}

/**
 * Whether the request is `text` now. A boolean: its readers re-render when the answer
 * flips, not on each keystroke.
 */
export function useProjectFinalRequestIs(project: string | null, text: string | null): boolean {
  return usePromptStore(
    (s) => ((project ? s.projects[project]?.finalRequest : undefined) ?? '') === text,
  );
}

/** The request as stored now, for actions (reading it does not subscribe). */
export function readFinalRequest(project: string | null): string {
  return (project ? usePromptStore.getState().projects[project]?.finalRequest : undefined) ?? '';
}

export function useSelectedCompositionId(project: string | null): string | null {
  return usePromptStore(
    (s) => (project ? s.projects[project]?.selectedCompositionId : null) ?? null,
  );
}
