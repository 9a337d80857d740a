import type { Language } from '../../limits';

/** Signing in, sessions, display names and personal access tokens. */
export const AUTH_ERRORS = {
  DISPLAY_NAME_RESERVED: {
    en: 'This name is reserved for the curated library’s author.',
    fr: "Ce nom est réservé à l'auteur de la bibliothèque officielle.",
  },
  AUTH_PROVIDER_UNKNOWN: {
    en: 'Unknown sign-in provider.',
    fr: 'Fournisseur de connexion inconnu.',
  },
  AUTH_FLOW_INVALID: {
    en: 'The sign-in expired or is invalid. Please start again.',
    fr: 'La connexion a expiré ou est invalide. Recommencez.',
  },
  AUTH_FAILED: {
    en: 'Authentication failed.',
    fr: "L'authentification a échoué.",
  },
  REFRESH_INVALID: {
    en: 'Invalid or expired session.',
    fr: 'Session invalide ou expirée.',
  },
  ACCESS_TOKEN_NAME_EMPTY: {
    en: 'The token name cannot be empty.',
    fr: 'Le nom du jeton ne peut pas être vide.',
  },
  ACCESS_TOKEN_EXPIRY_INVALID: {
    en: 'A token expires after 30 days, 90 days or a year, or never (null).',
    fr: 'Un jeton expire après 30 jours, 90 jours ou un an, ou jamais (null).',
  },
  ACCESS_TOKEN_NAME_TOO_LONG: {
    en: 'The token name cannot exceed 100 characters.',
    fr: 'Le nom du jeton ne peut pas dépasser 100 caractères.',
  },
  ACCESS_TOKENS_TOO_MANY: {
    en: 'You cannot have more than 20 access tokens.',
    fr: "Vous ne pouvez pas avoir plus de 20 jetons d'accès.",
  },
  ACCESS_TOKEN_NOT_FOUND: {
    en: 'Access token not found.',
    fr: "Jeton d'accès introuvable.",
  },
  ACCESS_TOKEN_READ_ONLY: {
    en: 'A personal access token can only read blocks, compositions and settings.',
    fr: "Un jeton d'accès personnel ne permet que de lire les blocs, compositions et réglages.",
  },
} as const satisfies Record<string, Record<Language, string>>;
