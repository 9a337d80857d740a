import type { Language } from '../../limits';

/** Blocks and the compositions made of them. */
export const BLOCK_ERRORS = {
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
} as const satisfies Record<string, Record<Language, string>>;
