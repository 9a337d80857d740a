import { z } from 'zod';
import { QUOTAS } from '../limits';

const fr = (n: number) => n.toLocaleString('fr-FR').replace(/\s/g, ' ');

/** Every non-2xx answer of the API: a readable message and, for known rules, a stable code. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  /** The offending input, as a dotted path (validation errors only). */
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The answers of a write that passes a per-user quota (decision 026): a count 409, text 413. */
export const quotaErrorResponses = { 409: apiErrorSchema, 413: apiErrorSchema } as const;

/**
 * Stable machine codes with the spec's French text.
 * The web app translates by code; the server sends the French text in `error`.
 * Features add their codes here so the catalogue stays in one place.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Requête invalide.',
  UNAUTHORIZED: 'Authentification requise.',
  NOT_FOUND: 'Ressource introuvable.',
  INTERNAL: 'Une erreur interne est survenue.',
  RATE_LIMITED: 'Trop de requêtes, réessayez plus tard.',
  WRITES_TOO_FAST: 'Trop de modifications en peu de temps. Attendez un instant, puis réessayez.',
  ORIGIN_REFUSED: 'Origine de la requête refusée.',
  AUTH_PROVIDER_UNKNOWN: 'Fournisseur de connexion inconnu.',
  AUTH_FLOW_INVALID: 'La connexion a expiré ou est invalide. Recommencez.',
  AUTH_FAILED: "L'authentification a échoué.",
  REFRESH_INVALID: 'Session invalide ou expirée.',
  IGNORE_PATTERN_EMPTY: 'Le motif ne peut pas être vide.',
  IGNORE_PATTERN_TOO_LONG: 'Le motif ne doit pas dépasser 500 caractères.',
  IGNORE_PATTERN_COMMENT:
    'Un motif ne peut pas commencer par # (écrivez \\# pour un nom qui commence par #).',
  IGNORE_PATTERN_DUPLICATE: 'Ce motif existe déjà dans cette catégorie.',
  IGNORE_PATTERNS_TOO_MANY: 'La liste ne peut pas dépasser 2000 lignes.',
  GLOB_PATTERN_TOO_LONG: 'Un motif glob ne peut pas dépasser 65536 caractères.',
  GITIGNORE_TEMPLATE_NOT_FOUND: 'Modèle gitignore introuvable.',
  BLOCK_NAME_EMPTY: 'Le nom ne peut pas être vide.',
  BLOCK_NAME_TOO_LONG: 'Le nom ne peut pas dépasser 255 caractères.',
  BLOCK_CONTENT_EMPTY: 'Le contenu ne peut pas être vide.',
  BLOCK_CONTENT_TOO_LONG: 'Le contenu ne peut pas dépasser 100 000 caractères.',
  BLOCK_TYPE_INVALID: 'Type de bloc invalide.',
  BLOCK_CATEGORY_TOO_LONG: 'La catégorie ne peut pas dépasser 255 caractères.',
  BLOCK_COLOR_TOO_LONG: 'La couleur ne peut pas dépasser 50 caractères.',
  BLOCK_DESCRIPTION_TOO_LONG: 'La description ne peut pas dépasser 2000 caractères.',
  BLOCK_NOT_FOUND: 'Bloc introuvable.',
  BLOCK_SYSTEM_CONTENT_READONLY: "Le contenu d'un bloc système ne peut pas être modifié.",
  BLOCK_SYSTEM_TYPE_READONLY: "Le type d'un bloc système ne peut pas être modifié.",
  BLOCK_INDELETABLE: 'Ce bloc système ne peut pas être supprimé.',
  COMPOSITION_NAME_EMPTY: 'Le nom de la composition ne peut pas être vide.',
  COMPOSITION_NAME_TOO_LONG: 'Le nom de la composition ne peut pas dépasser 255 caractères.',
  COMPOSITION_BLOCKS_EMPTY: 'At least one block is required',
  COMPOSITION_BLOCKS_TOO_MANY: 'A composition cannot contain more than 100 blocks',
  COMPOSITION_BLOCK_ID_INVALID: 'Identifiant de bloc invalide.',
  COMPOSITION_BLOCK_UNKNOWN: 'Un ou plusieurs blocs de la composition sont introuvables.',
  COMPOSITION_NOT_FOUND: 'Composition introuvable.',
  SHARE_DESCRIPTION_TOO_LONG: 'La description ne doit pas dépasser 2000 caractères.',
  SHARE_TAG_EMPTY: 'Un tag ne peut pas être vide.',
  SHARE_TAG_TOO_LONG: 'Un tag ne doit pas dépasser 50 caractères.',
  SHARE_TAGS_TOO_MANY: 'Vous ne pouvez pas ajouter plus de 10 tags.',
  SHARE_EXPIRATION_INVALID: "La durée d'expiration doit être 0 (jamais), 7, 30 ou 90 jours.",
  SHARE_SYSTEM_BLOCK: 'Les blocs système ne peuvent pas être partagés.',
  SHARE_SUBSCRIBED_BLOCK: "Un bloc issu d'un abonnement ne peut pas être partagé.",
  SHARE_ALREADY_SHARED: 'Ce bloc est déjà partagé.',
  SHARE_NOT_PRIVATE_LINK: 'Cette action ne concerne que les partages par lien privé.',
  SHARE_LINK_INVALID: 'Ce lien de partage est invalide, révoqué ou expiré.',
  SHARE_SOURCE_DELETED: 'Le bloc source de ce partage a été supprimé.',
  SHARED_ITEM_NOT_FOUND: 'Élément partagé introuvable.',
  VERSION_NOTES_REQUIRED: 'Les notes de version sont obligatoires.',
  VERSION_NOTES_TOO_LONG: 'Les notes de version ne peuvent pas dépasser 2000 caractères.',
  IMPORT_MODE_INVALID: "Mode d'import invalide (CLONE ou SUBSCRIBE).",
  IMPORT_OWN_ITEM: 'Vous ne pouvez pas importer votre propre élément.',
  SUBSCRIPTION_NOT_FOUND: 'Abonnement introuvable.',
  ACCESS_TOKEN_NAME_EMPTY: 'Le nom du jeton ne peut pas être vide.',
  ACCESS_TOKEN_NAME_TOO_LONG: 'Le nom du jeton ne peut pas dépasser 100 caractères.',
  ACCESS_TOKENS_TOO_MANY: 'Vous ne pouvez pas avoir plus de 20 jetons d’accès.',
  ACCESS_TOKEN_NOT_FOUND: 'Jeton d’accès introuvable.',
  ACCESS_TOKEN_READ_ONLY:
    'Un jeton d’accès personnel ne permet que de lire les blocs, compositions et réglages.',
  QUOTA_BLOCKS: `Limite atteinte : ${fr(QUOTAS.blocks)} blocs au plus par utilisateur. Supprimez des blocs pour en créer d’autres.`,
  QUOTA_COMPOSITIONS: `Limite atteinte : ${fr(QUOTAS.compositions)} compositions au plus par utilisateur. Supprimez des compositions pour en créer d’autres.`,
  QUOTA_SHARED_ITEMS: `Limite atteinte : ${fr(QUOTAS.sharedItems)} éléments partagés au plus par utilisateur. Retirez des partages pour en créer d’autres.`,
  QUOTA_STORED_TEXT: `Limite atteinte : ${fr(QUOTAS.storedChars)} caractères de texte stocké au plus par utilisateur (blocs, compositions et partages). Raccourcissez ou supprimez des blocs.`,
  TEXT_NUL_CHARACTER: 'Le texte ne peut pas contenir de caractère nul (U+0000).',
  TEXT_LONE_SURROGATE:
    'Le texte contient un caractère Unicode invalide (demi-paire de substitution isolée).',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Builds the zod `error` option that carries a code: messages are "CODE|French text". */
export function coded(code: ErrorCode): { error: string } {
  return { error: `${code}|${ERROR_MESSAGES[code]}` };
}

/** Splits a zod issue message built by `coded()` back into code and text. */
export function parseCodedMessage(message: string): { code?: string; error: string } {
  const bar = message.indexOf('|');
  if (bar > 0 && /^[A-Z_]+$/.test(message.slice(0, bar))) {
    return { code: message.slice(0, bar), error: message.slice(bar + 1) };
  }
  return { error: message };
}
