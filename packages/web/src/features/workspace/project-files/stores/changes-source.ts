import type { FileStat, PreviousPrompt } from '@promptloom/core';
import { create } from 'zustand';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/**
 * The seam through which the history feature feeds change detection and the diff viewer
 * (files added or modified since the latest prompt). Until history provides them, there is
 * no snapshot, hence no changes, and no diff viewer: the A/M badges, the changes filter and
 * the Diff buttons stay idle.
 */
interface ChangesSource {
  /** Project name -> fileStructureSnapshot of its latest history entry (null: no history). */
  snapshots: Record<string, Record<string, FileStat> | null>;
  /**
   * Project name -> its latest history entry as CHANGES_SINCE_LAST_PROMPT and the apply
   * review compare with (null: no history).
   */
  prompts: Record<string, PreviousPrompt | null>;
  /** Opens the side-by-side diff of one modified file; null until history provides it. */
  openDiff: ((projectName: string, path: string) => void) | null;
  /**
   * Project name -> path -> the size and mtime a file has now that it holds what the latest
   * prompt saw again (an undone apply rewrote it): it is unchanged at that stat. Cleared when
   * the latest prompt changes.
   */
  asPrompted: Record<string, Record<string, FileStat>>;
}

export const useChangesSource = create<ChangesSource>(() => ({
  snapshots: {},
  prompts: {},
  openDiff: null,
  asPrompted: {},
}));

/** History calls this whenever the latest entry of a project changes. */
export function provideLatestSnapshot(
  projectName: string,
  snapshot: Record<string, FileStat> | null,
  prompt: PreviousPrompt | null = null,
): void {
  useChangesSource.setState((s) => {
    const { [projectName]: _dropped, ...asPrompted } = s.asPrompted;
    return {
      snapshots: { ...s.snapshots, [projectName]: snapshot },
      prompts: { ...s.prompts, [projectName]: prompt },
      asPrompted,
    };
  });
}

/**
 * The apply room calls this after an undo: these files hold what the latest prompt saw
 * again, at these stats (written anew, their mtime is new), so they are not flagged as changed.
 */
export function markAsPrompted(projectName: string, stats: Record<string, FileStat>): void {
  if (Object.keys(stats).length === 0) return;
  useChangesSource.setState((s) => ({
    asPrompted: { ...s.asPrompted, [projectName]: { ...s.asPrompted[projectName], ...stats } },
  }));
}

/** History calls this once with the function that opens its diff viewer. */
export function provideDiffViewer(open: ((projectName: string, path: string) => void) | null) {
  useChangesSource.setState({ openDiff: open });
}

resetStoreOnLogout('change snapshots', useChangesSource);
