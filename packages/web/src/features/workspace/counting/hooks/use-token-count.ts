import { REQUEST_DEBOUNCE_MS } from '@promptloom/core';
import { useEffect, useRef, useState } from 'react';
import { type CountedSegments, countPromptSegments } from '../lib/count-segments';
import { buildPromptInput } from '../lib/prompt-input';
import { tokenizer } from '../lib/tokenizer-client';
import { useTokenStore } from '../stores/token-store';
import { usePromptSources } from './use-prompt-sources';
import {
  useLibraryData,
  useProjectComposition,
  useProjectFinalRequest,
  useProjectModel,
  useSessionStore,
} from '../../session';

/** Base-count pause after a change, so a burst of clicks starts one count. */
const BASE_SETTLE_MS = 120;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Keeps the token store's base count current (mounted once by the workspace): composition
 * + selected files, request left empty, counted by the tokenizer of the project's model
 * (loaded in the workers when first picked). Re-reads only files whose path+size+mtime
 * changed and re-counts only unseen texts. All tokenizing happens in the workers.
 */
export function useBaseTokenCounting(): void {
  const {
    composition,
    blocksById,
    selectedFiles,
    mode,
    projectName,
    provider,
    tree,
    format,
    structureModes,
    answerFormats,
    language,
    previousPrompt,
    fileModes,
    budget,
  } = usePromptSources();
  const { tokenizer: tokenizerId } = useProjectModel();
  const runRef = useRef(0);

  useEffect(() => {
    const run = ++runRef.current;
    const timer = setTimeout(() => {
      void (async () => {
        const input = buildPromptInput({
          composition,
          structureModes,
          answerFormats,
          language,
          previousPrompt,
          blocksById,
          selectedFiles,
          mode,
          projectName,
          provider,
          tree,
          format,
          fileModes,
          budget,
          finalRequest: '',
        });
        const active = input.items.filter((i) => i.isActive);
        if (active.length === 0 || (mode === 'PROJECT' && !input.project)) {
          useTokenStore.setState({ baseTokens: 0, fileTokens: new Map(), calculating: false });
          return;
        }
        useTokenStore.setState({ calculating: true });
        let counted: CountedSegments | null;
        try {
          counted = await countPromptSegments(
            input,
            tree?.index.stats,
            () => run !== runRef.current,
            tokenizerId,
          );
        } catch (error) {
          console.warn('Token count skipped', error);
          if (run === runRef.current) useTokenStore.setState({ calculating: false });
          return;
        }
        if (!counted) return;
        const { segments, counts } = counted;
        const fileTokens = new Map<string, number>();
        segments.forEach((s, i) => {
          if (s.kind === 'file' && s.path) fileTokens.set(s.path, counts[i] ?? 0);
        });
        useTokenStore.setState({
          baseTokens: counts.reduce((sum, n) => sum + n, 0),
          fileTokens,
          calculating: false,
          estimated: tokenizer.estimated,
        });
      })();
    }, BASE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [
    composition,
    structureModes,
    answerFormats,
    language,
    previousPrompt,
    blocksById,
    selectedFiles,
    mode,
    projectName,
    provider,
    tree,
    format,
    tokenizerId,
    fileModes,
    budget,
  ]);
}

/**
 * Counts the request on its own, 300 ms after typing stops. Mounted apart from the
 * base count: this is the only counting code that re-renders on each keystroke.
 */
export function useRequestTokenCounting(): void {
  const project = useSessionStore((s) => s.projectName);
  const request = useDebounced(useProjectFinalRequest(project), REQUEST_DEBOUNCE_MS);
  const composition = useProjectComposition(project);
  const { blocksById } = useLibraryData();
  const { tokenizer: tokenizerId } = useProjectModel();
  // The request is part of the prompt only through an active dynamic-task block.
  const hasTask = composition.some(
    (i) => i.isActive && blocksById.get(i.blockId)?.type === 'DYNAMIC_TASK',
  );

  useEffect(() => {
    let cancelled = false;
    if (request === '' || !hasTask) {
      useTokenStore.setState({ requestTokens: 0 });
      return;
    }
    void tokenizer.countMany([request], tokenizerId).then(([count]) => {
      if (!cancelled) {
        useTokenStore.setState({ requestTokens: count ?? 0, estimated: tokenizer.estimated });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [request, hasTask, tokenizerId]);
}

/** Tokens of each selected file's section, once counted. */
export function useFileTokens(): ReadonlyMap<string, number> {
  return useTokenStore((s) => s.fileTokens);
}
