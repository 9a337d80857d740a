import type { ModeTokens } from '@promptloom/core';
import { useEffect, useRef, useState } from 'react';
import { modeCosts, usePromptSources } from '../../counting';
import { useProjectModel } from '../../session';

/**
 * What each suggested file costs whole and outlined, counted as the prompt counts it (the
 * tokenizer workers and the count cache): the rows show it and "Select suggested" fits by it.
 * null until the first count of these paths lands.
 */
export function useRowCosts(paths: readonly string[]): ReadonlyMap<string, ModeTokens> | null {
  const sources = usePromptSources();
  const { tokenizer } = useProjectModel();
  const latest = useRef(sources);
  latest.current = sources;
  const [counted, setCounted] = useState<{ key: string; costs: Map<string, ModeTokens> } | null>(
    null,
  );
  const key = paths.join('\n');
  const { tree, provider, format, language } = sources;

  useEffect(() => {
    if (key === '') return;
    let stale = false;
    modeCosts({ ...latest.current, finalRequest: '' }, key.split('\n'), tokenizer).then(
      (costs) => !stale && setCounted({ key, costs }),
      (error: unknown) => console.warn('Suggested files not counted', error),
    );
    return () => {
      stale = true;
    };
  }, [key, tree, provider, format, language, tokenizer]);

  return counted?.key === key ? counted.costs : null;
}
