import type { PlannedFile } from '@promptloom/core';
import type { Review } from '#web/features/workspace/apply/lib/review.ts';

/** A file of an answer's plan for component tests: one line changed, `extra` the rest. */
export const plannedFile = (
  path: string,
  status: PlannedFile['status'],
  extra: Partial<PlannedFile> = {},
) =>
  ({
    path,
    status,
    format: 'search-replace',
    before: 'a\n',
    after: 'b\n',
    added: 1,
    removed: 1,
    wholeFile: false,
    alreadyApplied: 0,
    failures: [],
    ...extra,
  }) satisfies PlannedFile;

/** The review of `files`, none of them stale, `checked` ticked. */
export const reviewOf = (files: PlannedFile[], checked: readonly string[]): Review => ({
  plan: { files, failures: [] },
  reviewed: new Map(),
  staleSincePrompt: new Set(),
  checked: new Set(checked),
  texts: new Map(),
  afters: null,
});
