import { type PromptInput } from '@promptloom/core';
import { COUNT_PROGRESS_MIN_FILES } from '#web/config/limits.ts';
import { keyFramePending } from '#web/lib/yield-to-browser.ts';
import { useTokenStore } from '../stores/token-store';

/** How often the read-out may change while files are read (a store update re-renders it). */
const PROGRESS_EVERY_MS = 100;

/**
 * The count's input with a provider that tells the token store how many of the selected
 * files have been read (or found known and left unread, decision 067), so that a long count (Select all over thousands of files) shows how
 * far it is. The files are read in the order they are counted; below
 * COUNT_PROGRESS_MIN_FILES, or when no files block is active, there is no progress to show.
 */
export function withReadProgress(input: PromptInput, isStale: () => boolean): PromptInput {
  const total = input.selectedFiles.length;
  const readsFiles = input.items.some((i) => i.isActive && i.type === 'SELECTED_FILES_CONTENT');
  if (!input.project || !readsFiles || total < COUNT_PROGRESS_MIN_FILES) {
    useTokenStore.setState({ progress: null });
    return input;
  }
  const { provider } = input.project;
  let done = 0;
  let shownAt = 0;
  useTokenStore.setState({ progress: { done, total } });
  const counted = () => {
    // Other reads (the changes block's) do not count past the selection.
    done = Math.min(total, done + 1);
    const now = performance.now();
    // Not in the frame that draws a typed key: the next file read shows it.
    const wait = now - shownAt < PROGRESS_EVERY_MS || keyFramePending();
    if (isStale() || (done < total && wait)) return;
    shownAt = now;
    useTokenStore.setState({ progress: { done, total } });
  };
  return {
    ...input,
    // Asked once a counted file is found known: it is then done without being read.
    knownFile: (path) => {
      const known = input.knownFile?.(path) ?? true;
      if (known) counted();
      return known;
    },
    project: {
      ...input.project,
      provider: {
        list: (dir) => provider.list(dir),
        readFile: (path) => provider.readFile(path).finally(counted),
        ...(provider.readText && {
          readText: (path: string, limitBytes: number) =>
            provider.readText!(path, limitBytes).finally(counted),
        }),
      },
    },
  };
}
