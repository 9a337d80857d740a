import {
  addIgnorePattern,
  CUSTOM_IGNORE_CATEGORY,
  isIgnorePatternsDirty,
  mergeIgnoreTemplate,
  parseIgnoreCategories,
  removeIgnorePattern,
  replaceWithIgnoreTemplate,
  serializeIgnoreCategories,
  type IgnoreCategory,
  type IgnorePatternIssue,
} from '@promptloom/core';
import { useMemo, useState } from 'react';

export type TemplateMode = 'MERGE' | 'REPLACE';

interface Draft {
  /** The saved list the draft was made from; a new saved list (after a save) drops it. */
  base: readonly string[];
  categories: IgnoreCategory[];
}

const NO_PATTERNS: readonly string[] = [];

/**
 * The page's working copy of the user's global patterns: edits stay local until saved;
 * the rules (validation, merge, replace, dirty) are core's.
 */
export function usePatternEditor(saved: readonly string[] | undefined) {
  const base = saved ?? NO_PATTERNS;
  const [draft, setDraft] = useState<Draft | null>(null);
  const savedCategories = useMemo(() => parseIgnoreCategories(base), [base]);
  const categories = draft?.base === base ? draft.categories : savedCategories;
  const isDirty = useMemo(() => isIgnorePatternsDirty(base, categories), [base, categories]);

  const update = (next: IgnoreCategory[]) => setDraft({ base, categories: next });

  return {
    categories,
    isDirty,
    lines: () => serializeIgnoreCategories(categories),
    /** Adds a pattern; answers the broken rule, or null once added. */
    add: (input: string, category: string = CUSTOM_IGNORE_CATEGORY): IgnorePatternIssue | null => {
      const result = addIgnorePattern(categories, input, category);
      if (!result.ok) return result.issue;
      update(result.categories);
      return null;
    },
    remove: (category: string, pattern: string) => {
      update(removeIgnorePattern(categories, category, pattern));
    },
    removeCategory: (category: string) => {
      update(categories.filter((c) => c.category !== category));
    },
    applyTemplate: (template: IgnoreCategory[], mode: TemplateMode) => {
      update(
        mode === 'MERGE'
          ? mergeIgnoreTemplate(categories, template)
          : replaceWithIgnoreTemplate(template),
      );
    },
    discard: () => {
      setDraft(null);
    },
  };
}
