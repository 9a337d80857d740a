import { z } from 'zod';
import { findIgnoreLinesIssue } from '../ignore/categories';
import { GLOB_PATTERN_MAX, IGNORE_PATTERN_LINES_MAX } from '../limits';
import { coded } from './errors';
import { idParam, text } from './text';

/**
 * Settings. Pattern lists are gitignore lines where a `# Name` line starts the
 * category Name; see ignore/categories.ts for the rules.
 */
export const settingsResponseSchema = z.object({
  coreSystemIgnorePatterns: z.array(z.string()),
  globalIgnorePatterns: z.array(z.string()),
  /** The user whose shared items get a star in the library; null until one is seeded. */
  systemAuthorId: z.string().nullable(),
  /** The saved composition a new project starts with; null: the built-in default one. */
  defaultCompositionId: z.string().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const updateSettingsBodySchema = z
  .object({
    globalIgnorePatterns: z
      .array(text().max(GLOB_PATTERN_MAX, coded('GLOB_PATTERN_TOO_LONG')))
      .max(IGNORE_PATTERN_LINES_MAX, coded('IGNORE_PATTERNS_TOO_MANY')),
  })
  .superRefine(({ globalIgnorePatterns }, ctx) => {
    const found = findIgnoreLinesIssue(globalIgnorePatterns);
    if (found) {
      ctx.addIssue({
        code: 'custom',
        path: ['globalIgnorePatterns', found.index],
        message: coded(found.issue).error,
      });
    }
  });
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

/** Body of PUT /api/settings/default-composition: one of the user's compositions, or null. */
export const defaultCompositionBodySchema = z.object({
  compositionId: idParam().nullable(),
});
export type DefaultCompositionBody = z.infer<typeof defaultCompositionBodySchema>;

export const ignoreCategorySchema = z.object({
  category: z.string(),
  patterns: z.array(z.string()),
});

export const gitignoreTemplateNamesSchema = z.array(z.string());
/** The name list is an array, or an object with a `templates` field; clients take both. */
export const gitignoreTemplateNamesAnswerSchema = z.union([
  gitignoreTemplateNamesSchema,
  z.object({ templates: gitignoreTemplateNamesSchema }).transform(({ templates }) => templates),
]);
export const gitignoreTemplateSchema = z.array(ignoreCategorySchema);
export const gitignoreTemplateParamsSchema = z.object({ name: text().min(1).max(200) });
