import { QUOTAS, type Language } from '../../limits';

const en = (n: number) => n.toLocaleString('en-US');
const fr = (n: number) => n.toLocaleString('fr-FR').replace(/\s/g, ' ');

/** The per-user quotas, and the import of an account export (which must fit them). */
export const ACCOUNT_ERRORS = {
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
} as const satisfies Record<string, Record<Language, string>>;
