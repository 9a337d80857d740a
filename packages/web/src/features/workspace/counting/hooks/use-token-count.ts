import { REQUEST_DEBOUNCE_MS } from '#web/config/limits.ts';
import { useLayoutEffect, useRef } from 'react';
import { type CountedSegments, countPromptSegments, fileTokensOf } from '../lib/count-segments';
import { buildPromptInput } from '../lib/prompt-input';
import { withReadProgress } from '../lib/read-progress';
import { tokenizer } from '../lib/tokenizer-client';
import { setFileTokens, useTokenStore } from '../stores/token-store';
import { usePromptSources } from './use-prompt-sources';
import { useSettledRequest } from './use-settled-request';
import { useProjectFinalRequestIs, useProjectModel, useSessionStore } from '../../session';

/** Base-count pause after a change, so a burst of clicks starts one count. */
const BASE_SETTLE_MS = 120;

/** The sources typing changes (blocks, composition, budget…), compared between runs. */
type TextSources = readonly unknown[];

/** Marks the store as calculating before the next frame, unless cancelled or `current()` is false. */
function showCalculating(current: () => boolean): { cancel: () => void } {
  const show = () => {
    if (current()) useTokenStore.setState({ calculating: true });
  };
  if (typeof requestAnimationFrame !== 'function') {
    show();
    return { cancel: () => {} };
  }
  const frame = requestAnimationFrame(show);
  return { cancel: () => cancelAnimationFrame(frame) };
}

/**
 * Keeps the token store's count current (mounted once by the workspace): the prompt exactly
 * as Generate assembles it — composition, selected files and the request once typing pauses —
 * counted by the tokenizer of the project's model (loaded in the workers when first picked),
 * so the bar, the generated prompt's dialog and its history entry show one number. Re-reads
 * only files whose path+size+mtime changed and re-counts only unseen texts: a new request
 * sends only the piece that holds it to the workers. All tokenizing happens in the workers.
 */
export function usePromptTokenCounting(): void {
  const sources = usePromptSources();
  const { mode, projectName, tree } = sources;
  const { tokenizer: tokenizerId } = useProjectModel();
  const request = useSettledRequest(projectName, REQUEST_DEBOUNCE_MS);
  const runRef = useRef(0);
  const textRef = useRef<TextSources | null>(null);

  // A layout effect: the bar turns busy in the same task as the change is drawn, so no
  // frame shows the new composition or selection with the old figure marked as final.
  useLayoutEffect(() => {
    const run = ++runRef.current;
    useTokenStore.setState({ basePending: true });
    // Only the selection, model, tree or request changed (a click, or typing that has already
    // paused): assemble at once and answer what is known without the pause; only tokenizing
    // waits for it (decision 064).
    const text: TextSources = [
      sources.composition,
      sources.structureModes,
      sources.answerFormats,
      sources.language,
      sources.previousPrompt,
      sources.blocksById,
      sources.budget,
    ];
    const eager = textRef.current?.every((source, i) => source === text[i]) ?? false;
    textRef.current = text;
    let settle: () => void = () => {};
    const settled = eager
      ? new Promise<void>((resolve) => {
          settle = resolve;
        })
      : undefined;
    const settleTimer = eager ? setTimeout(() => settle(), BASE_SETTLE_MS) : undefined;
    const count = () => {
      void (async () => {
        const isStale = () => run !== runRef.current;
        const built = buildPromptInput({ ...sources, finalRequest: request });
        const input = withReadProgress(built, isStale);
        const active = input.items.filter((i) => i.isActive);
        if (active.length === 0 || (mode === 'PROJECT' && !input.project)) {
          setFileTokens(new Map(), {
            tokens: 0,
            calculating: false,
            basePending: false,
            countedRequest: request,
          });
          return;
        }
        // Shown from the next frame on: a count that ends before it (every file known) would
        // draw nothing, and setting it re-renders the bars and Generate twice for nothing.
        const calculating = showCalculating(() => run === runRef.current);
        let counted: CountedSegments | null;
        let fileTokens: Map<string, number> | undefined;
        try {
          counted = await countPromptSegments(
            input,
            tree?.index.stats,
            isStale,
            tokenizerId,
            settled,
          );
          if (counted) {
            fileTokens = await fileTokensOf(counted, input, tree?.index.stats, tokenizerId);
          }
        } catch (error) {
          calculating.cancel();
          console.warn('Token count skipped', error);
          if (run === runRef.current)
            useTokenStore.setState({
              calculating: false,
              basePending: false,
              countedRequest: request,
            });
          return;
        }
        calculating.cancel();
        if (!counted || !fileTokens || isStale()) return;
        setFileTokens(fileTokens, {
          tokens: counted.total,
          calculating: false,
          basePending: false,
          countedRequest: request,
          estimated: tokenizer.estimated,
        });
      })();
    };
    // A click's count starts in the click's own task, once React has committed it: what is
    // known is answered before the browser draws, so the figure does not wait for that frame
    // and a task after it. What must be read or tokenized goes on in later tasks as before.
    let dropped = false;
    const timer = eager ? undefined : setTimeout(count, BASE_SETTLE_MS);
    if (eager) queueMicrotask(() => dropped || count());
    return () => {
      dropped = true;
      clearTimeout(timer);
      clearTimeout(settleTimer);
      // A superseded run waiting to tokenize goes on, finds itself stale and drops its batch.
      settle();
    };
  }, [sources, mode, projectName, tree, tokenizerId, request]);
}

/** Tokens of each selected file's section, once counted. */
export function useFileTokens(): ReadonlyMap<string, number> {
  return useTokenStore((s) => s.fileTokens);
}

/**
 * True once the bar's figure is final for what is on screen: no base count waiting or
 * running, and the request as typed now is the one counted (its debounce has passed). The
 * bar shows it as aria-busy, so tests and assistive technology wait on state, not on time.
 */
export function useTokensSettled(): boolean {
  const project = useSessionStore((s) => s.projectName);
  const requestCounted = useProjectFinalRequestIs(
    project,
    useTokenStore((s) => s.countedRequest),
  );
  const baseSettled = useTokenStore((s) => !s.calculating && !s.basePending);
  return baseSettled && requestCounted;
}
