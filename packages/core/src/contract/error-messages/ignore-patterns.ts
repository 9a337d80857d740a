import type { Language } from '../../limits';

/** Ignore patterns and the gitignore templates. */
export const IGNORE_PATTERN_ERRORS = {
  IGNORE_PATTERN_EMPTY: {
    en: 'The pattern cannot be empty.',
    fr: 'Le motif ne peut pas être vide.',
  },
  IGNORE_PATTERN_TOO_LONG: {
    en: 'The pattern cannot exceed 500 characters.',
    fr: 'Le motif ne doit pas dépasser 500 caractères.',
  },
  IGNORE_PATTERN_COMMENT: {
    en: 'A pattern cannot start with # (write \\# for a name that starts with #).',
    fr: 'Un motif ne peut pas commencer par # (écrivez \\# pour un nom qui commence par #).',
  },
  IGNORE_PATTERN_DUPLICATE: {
    en: 'This pattern already exists in this category.',
    fr: 'Ce motif existe déjà dans cette catégorie.',
  },
  IGNORE_PATTERNS_TOO_MANY: {
    en: 'The list cannot exceed 2000 lines.',
    fr: 'La liste ne peut pas dépasser 2000 lignes.',
  },
  GLOB_PATTERN_TOO_LONG: {
    en: 'A glob pattern cannot exceed 65536 characters.',
    fr: 'Un motif glob ne peut pas dépasser 65536 caractères.',
  },
  GITIGNORE_TEMPLATE_NOT_FOUND: {
    en: 'Gitignore template not found.',
    fr: 'Modèle gitignore introuvable.',
  },
} as const satisfies Record<string, Record<Language, string>>;
