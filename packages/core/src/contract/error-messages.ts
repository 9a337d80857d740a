import { QUOTAS, type Language } from '../limits';

const en = (n: number) => n.toLocaleString('en-US');
const fr = (n: number) => n.toLocaleString('fr-FR').replace(/\s/g, ' ');

/**
 * Stable machine codes with their text in every language of the app, English first (the
 * default when a request names no language we speak). The server sends the text in the
 * request's language (`Accept-Language`); the web app shows its own translation of the code
 * (`errors.<CODE>` in the locale files) and falls back to the server's text.
 * Features add their codes here, in both languages, so the catalogue stays in one place.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: {
    en: 'Invalid request.',
    fr: 'Requête invalide.',
  },
  UNAUTHORIZED: {
    en: 'Authentication required.',
    fr: 'Authentification requise.',
  },
  NOT_FOUND: {
    en: 'Resource not found.',
    fr: 'Ressource introuvable.',
  },
  INTERNAL: {
    en: 'An internal error occurred.',
    fr: 'Une erreur interne est survenue.',
  },
  RATE_LIMITED: {
    en: 'Too many requests, try again later.',
    fr: 'Trop de requêtes, réessayez plus tard.',
  },
  BODY_TOO_LARGE: {
    en: 'The request is too large.',
    fr: 'La requête est trop volumineuse.',
  },
  BODY_INVALID_JSON: {
    en: 'The request body is not valid JSON.',
    fr: "Le corps de la requête n'est pas du JSON valide.",
  },
  MEDIA_TYPE_UNSUPPORTED: {
    en: 'Unsupported content type: send JSON.',
    fr: 'Type de contenu non pris en charge : envoyez du JSON.',
  },
  REQUEST_REFUSED: {
    en: 'The request was refused.',
    fr: 'La requête a été refusée.',
  },
  NOT_READY: {
    en: 'Service not ready: {{down}} not answering.',
    fr: 'Service indisponible : {{down}} ne répond pas.',
  },
  SHUTTING_DOWN: {
    en: 'Service not ready: this instance is shutting down.',
    fr: "Service indisponible : cette instance s'arrête.",
  },
  WRITES_TOO_FAST: {
    en: 'Too many changes in a short time. Wait a moment, then try again.',
    fr: 'Trop de modifications en peu de temps. Attendez un instant, puis réessayez.',
  },
  READS_TOO_FAST: {
    en: 'Too many reads in a short time. Wait a moment, then try again.',
    fr: 'Trop de lectures en peu de temps. Attendez un instant, puis réessayez.',
  },
  BODY_TOO_DEEP: {
    en: 'The request body nests arrays or objects too deeply.',
    fr: 'Le corps de la requête imbrique trop profondément des tableaux ou des objets.',
  },
  DISPLAY_NAME_RESERVED: {
    en: 'This name is reserved for the curated library’s author.',
    fr: "Ce nom est réservé à l'auteur de la bibliothèque officielle.",
  },
  CURSOR_INVALID: {
    en: 'Invalid page cursor: start again from the first page.',
    fr: 'Curseur de page invalide : recommencez depuis la première page.',
  },
  ORIGIN_REFUSED: {
    en: 'Request origin refused.',
    fr: 'Origine de la requête refusée.',
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
  BLOCK_NAME_EMPTY: {
    en: 'The name cannot be empty.',
    fr: 'Le nom ne peut pas être vide.',
  },
  BLOCK_NAME_TOO_LONG: {
    en: 'The name cannot exceed 255 characters.',
    fr: 'Le nom ne peut pas dépasser 255 caractères.',
  },
  BLOCK_CONTENT_EMPTY: {
    en: 'The content cannot be empty.',
    fr: 'Le contenu ne peut pas être vide.',
  },
  BLOCK_CONTENT_TOO_LONG: {
    en: 'The content cannot exceed 100,000 characters.',
    fr: 'Le contenu ne peut pas dépasser 100 000 caractères.',
  },
  BLOCK_TYPE_INVALID: {
    en: 'Invalid block type.',
    fr: 'Type de bloc invalide.',
  },
  BLOCK_CATEGORY_TOO_LONG: {
    en: 'The category cannot exceed 255 characters.',
    fr: 'La catégorie ne peut pas dépasser 255 caractères.',
  },
  BLOCK_COLOR_TOO_LONG: {
    en: 'The colour cannot exceed 50 characters.',
    fr: 'La couleur ne peut pas dépasser 50 caractères.',
  },
  BLOCK_DESCRIPTION_TOO_LONG: {
    en: 'The description cannot exceed 2,000 characters.',
    fr: 'La description ne peut pas dépasser 2000 caractères.',
  },
  BLOCK_NOT_FOUND: {
    en: 'Block not found.',
    fr: 'Bloc introuvable.',
  },
  BLOCK_SYSTEM_CONTENT_READONLY: {
    en: 'The content of a system block cannot be edited.',
    fr: "Le contenu d'un bloc système ne peut pas être modifié.",
  },
  BLOCK_SYSTEM_TYPE_READONLY: {
    en: 'The type of a system block cannot be changed.',
    fr: "Le type d'un bloc système ne peut pas être modifié.",
  },
  BLOCK_INDELETABLE: {
    en: 'This system block cannot be deleted.',
    fr: 'Ce bloc système ne peut pas être supprimé.',
  },
  COMPOSITION_NAME_EMPTY: {
    en: 'The composition name cannot be empty.',
    fr: 'Le nom de la composition ne peut pas être vide.',
  },
  COMPOSITION_NAME_TOO_LONG: {
    en: 'The composition name cannot exceed 255 characters.',
    fr: 'Le nom de la composition ne peut pas dépasser 255 caractères.',
  },
  COMPOSITION_BLOCKS_EMPTY: {
    en: 'At least one block is required',
    fr: 'Au moins un bloc est requis.',
  },
  COMPOSITION_BLOCKS_TOO_MANY: {
    en: 'A composition cannot contain more than 100 blocks',
    fr: 'Une composition ne peut pas contenir plus de 100 blocs.',
  },
  COMPOSITION_BLOCK_ID_INVALID: {
    en: 'Invalid block id.',
    fr: 'Identifiant de bloc invalide.',
  },
  COMPOSITION_BLOCK_UNKNOWN: {
    en: 'One or more blocks of the composition no longer exist.',
    fr: 'Un ou plusieurs blocs de la composition sont introuvables.',
  },
  COMPOSITION_NOT_FOUND: {
    en: 'Composition not found.',
    fr: 'Composition introuvable.',
  },
  SHARE_DESCRIPTION_TOO_LONG: {
    en: 'The description must not exceed 2000 characters.',
    fr: 'La description ne doit pas dépasser 2000 caractères.',
  },
  SHARE_TAG_EMPTY: {
    en: 'A tag cannot be empty.',
    fr: 'Un tag ne peut pas être vide.',
  },
  SHARE_TAG_TOO_LONG: {
    en: 'A tag must not exceed 50 characters.',
    fr: 'Un tag ne doit pas dépasser 50 caractères.',
  },
  SHARE_TAGS_TOO_MANY: {
    en: 'You cannot add more than 10 tags.',
    fr: 'Vous ne pouvez pas ajouter plus de 10 tags.',
  },
  SHARE_EXPIRATION_INVALID: {
    en: 'The expiration must be 0 (never), 7, 30 or 90 days.',
    fr: "La durée d'expiration doit être 0 (jamais), 7, 30 ou 90 jours.",
  },
  SHARE_SYSTEM_BLOCK: {
    en: 'System blocks cannot be shared.',
    fr: 'Les blocs système ne peuvent pas être partagés.',
  },
  SHARE_SUBSCRIBED_BLOCK: {
    en: 'A block you subscribed to cannot be shared.',
    fr: "Un bloc issu d'un abonnement ne peut pas être partagé.",
  },
  SHARE_ALREADY_SHARED: {
    en: 'This block is already shared.',
    fr: 'Ce bloc est déjà partagé.',
  },
  SHARE_NOT_PRIVATE_LINK: {
    en: 'This action only applies to private-link shares.',
    fr: 'Cette action ne concerne que les partages par lien privé.',
  },
  SHARE_LINK_INVALID: {
    en: 'This share link is invalid, revoked or expired.',
    fr: 'Ce lien de partage est invalide, révoqué ou expiré.',
  },
  SHARE_SOURCE_DELETED: {
    en: 'The source block of this share has been deleted.',
    fr: 'Le bloc source de ce partage a été supprimé.',
  },
  SHARED_ITEM_NOT_FOUND: {
    en: 'Shared item not found.',
    fr: 'Élément partagé introuvable.',
  },
  VERSION_NOTES_REQUIRED: {
    en: 'Version notes are required.',
    fr: 'Les notes de version sont obligatoires.',
  },
  VERSION_NOTES_TOO_LONG: {
    en: 'Version notes cannot exceed 2000 characters.',
    fr: 'Les notes de version ne peuvent pas dépasser 2000 caractères.',
  },
  IMPORT_MODE_INVALID: {
    en: 'Invalid import mode (CLONE or SUBSCRIBE).',
    fr: "Mode d'import invalide (CLONE ou SUBSCRIBE).",
  },
  IMPORT_OWN_ITEM: {
    en: 'You cannot import your own item.',
    fr: 'Vous ne pouvez pas importer votre propre élément.',
  },
  SUBSCRIPTION_NOT_FOUND: {
    en: 'Subscription not found.',
    fr: 'Abonnement introuvable.',
  },
  SUBSCRIPTION_DETACHED: {
    en: 'The author revoked the link or deleted this shared block: your copy is kept but receives no more updates.',
    fr: "L'auteur a révoqué le lien ou supprimé ce bloc partagé : votre copie est conservée mais ne reçoit plus de mises à jour.",
  },
  SUBSCRIPTION_UPDATE_STALE: {
    en: 'This update changed since you previewed it (a newer version, or another accept): preview it again.',
    fr: "Cette mise à jour a changé depuis votre aperçu (une version plus récente, ou une autre acceptation) : rouvrez l'aperçu.",
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
  QUOTA_BLOCKS: {
    en: `Limit reached: at most ${en(QUOTAS.blocks)} blocks per user. Delete some blocks to create others.`,
    fr: `Limite atteinte : ${fr(QUOTAS.blocks)} blocs au plus par utilisateur. Supprimez des blocs pour en créer d'autres.`,
  },
  QUOTA_COMPOSITIONS: {
    en: `Limit reached: at most ${en(QUOTAS.compositions)} compositions per user. Delete some compositions to create others.`,
    fr: `Limite atteinte : ${fr(QUOTAS.compositions)} compositions au plus par utilisateur. Supprimez des compositions pour en créer d'autres.`,
  },
  QUOTA_SHARED_ITEMS: {
    en: `Limit reached: at most ${en(QUOTAS.sharedItems)} shared items per user. Stop sharing some to share others.`,
    fr: `Limite atteinte : ${fr(QUOTAS.sharedItems)} éléments partagés au plus par utilisateur. Retirez des partages pour en créer d'autres.`,
  },
  QUOTA_STORED_TEXT: {
    en: `Limit reached: at most ${en(QUOTAS.storedChars)} characters of stored text per user (blocks, compositions and shares). Shorten or delete some blocks.`,
    fr: `Limite atteinte : ${fr(QUOTAS.storedChars)} caractères de texte stocké au plus par utilisateur (blocs, compositions et partages). Raccourcissez ou supprimez des blocs.`,
  },
  ACCOUNT_IMPORT_NOT_EXPORT: {
    en: 'This file is not a Promptloom account export.',
    fr: "Ce fichier n'est pas un export de compte Promptloom.",
  },
  ACCOUNT_IMPORT_VERSION: {
    en: 'This export was made by a newer or unknown version of Promptloom: this server cannot read it.',
    fr: "Cet export vient d'une version de Promptloom plus récente ou inconnue : ce serveur ne sait pas le lire.",
  },
  ACCOUNT_IMPORT_INVALID: {
    en: 'This export file is damaged or was edited: a required value is missing or wrong.',
    fr: "Ce fichier d'export est abîmé ou a été modifié : une valeur requise manque ou est fausse.",
  },
  ACCOUNT_IMPORT_REFERENCE: {
    en: 'This export file is inconsistent: it refers to a block or composition it does not contain (or holds one twice).',
    fr: "Ce fichier d'export est incohérent : il renvoie à un bloc ou une composition qu'il ne contient pas (ou en contient un deux fois).",
  },
  ACCOUNT_IMPORT_QUOTA: {
    en: 'Nothing was imported: with this file your account would pass its limits on blocks, compositions or stored text. Delete some blocks or compositions first, or import into another account.',
    fr: "Rien n'a été importé : avec ce fichier, votre compte dépasserait ses limites de blocs, de compositions ou de texte stocké. Supprimez d'abord des blocs ou des compositions, ou importez dans un autre compte.",
  },
  ACCOUNT_IMPORT_IGNORE_PATTERNS: {
    en: 'Nothing was imported: with this file your ignore patterns would pass their limit or break their rules.',
    fr: "Rien n'a été importé : avec ce fichier, vos motifs d'exclusion dépasseraient leur limite ou enfreindraient leurs règles.",
  },
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
