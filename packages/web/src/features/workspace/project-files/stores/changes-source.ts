import type { FileStat, PreviousPrompt } from '@promptloom/core';
import { create } from 'zustand';
import { resetStoreOnLogout } from '../../../../lib/reset-registry';

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
}

export const useChangesSource = create<ChangesSource>(() => ({
  snapshots: {},
  prompts: {},
  openDiff: null,
}));

/** History calls this whenever the latest entry of a project changes. */
export function provideLatestSnapshot(
  projectName: string,
  snapshot: Record<string, FileStat> | null,
  prompt: PreviousPrompt | null = null,
): void {
  useChangesSource.setState((s) => ({
    snapshots: { ...s.snapshots, [projectName]: snapshot },
    prompts: { ...s.prompts, [projectName]: prompt },
  }));
}

/** History calls this once with the function that opens its diff viewer. */
export function provideDiffViewer(open: ((projectName: string, path: string) => void) | null) {
  useChangesSource.setState({ openDiff: open });
}

resetStoreOnLogout('change snapshots', useChangesSource);
