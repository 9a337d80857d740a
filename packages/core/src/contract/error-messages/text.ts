import type { Language } from '../../limits';

/** Characters that no stored text or name may hold. */
export const TEXT_ERRORS = {
  TEXT_NUL_CHARACTER: {
    en: 'The text cannot contain a null character (U+0000).',
    fr: 'Le texte ne peut pas contenir de caractère nul (U+0000).',
  },
  TEXT_LONE_SURROGATE: {
    en: 'The text contains an invalid Unicode character (a lone surrogate).',
    fr: 'Le texte contient un caractère Unicode invalide (demi-paire de substitution isolée).',
  },
  NAME_HIDDEN_CHARACTER: {
    en: 'A name cannot contain invisible characters or text-direction controls (such as U+202E): they can make it read as something else.',
    fr: "Un nom ne peut pas contenir de caractères invisibles ni de commandes de sens d'écriture (comme U+202E) : ils peuvent le faire lire autrement.",
  },
} as const satisfies Record<string, Record<Language, string>>;
