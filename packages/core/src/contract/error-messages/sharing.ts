import type { Language } from '../../limits';

/** The shared library: sharing, private links, versions, imports and subscriptions. */
export const SHARING_ERRORS = {
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
} as const satisfies Record<string, Record<Language, string>>;
