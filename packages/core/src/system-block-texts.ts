import { DYNAMIC_TASK_DEFAULT_NAME } from './limits';

export type SystemBlockTextType =
  | 'PROJECT_INFO'
  | 'PROJECT_STRUCTURE'
  | 'SELECTED_FILES_CONTENT'
  | 'DYNAMIC_TASK'
  | 'ANSWER_FORMAT'
  | 'CHANGES_SINCE_LAST_PROMPT';

/**
 * The texts the system blocks are stored with. They stay in the
 * database as they are: the web app shows each type's text in the UI language while a block
 * still holds its default (docs/decisions/032-one-language-at-a-time.md).
 */
export const SYSTEM_BLOCK_TEXTS = {
  PROJECT_INFO: {
    name: 'Informations du projet',
    description: 'Le nom du projet et son contexte, ajoutés automatiquement au prompt.',
    content: 'Informations du projet (nom et contexte), insérées automatiquement à la génération.',
  },
  PROJECT_STRUCTURE: {
    name: 'Structure du projet',
    description: "L'arborescence des fichiers du projet, sans les fichiers ignorés.",
    content: 'Arborescence des fichiers du projet, insérée automatiquement à la génération.',
  },
  SELECTED_FILES_CONTENT: {
    name: 'Contenu des fichiers sélectionnés',
    description: 'Le contenu de chaque fichier sélectionné, précédé de son chemin.',
    content: 'Contenu des fichiers sélectionnés, inséré automatiquement à la génération.',
  },
  ANSWER_FORMAT: {
    name: 'Format de la réponse',
    description:
      "Demande au modèle d'écrire ses modifications de fichiers sous une forme applicable au projet.",
    content:
      'Consignes de format de réponse (fichiers entiers, recherche/remplacement ou diff unifié), insérées automatiquement à la génération.',
  },
  CHANGES_SINCE_LAST_PROMPT: {
    name: 'Modifications depuis le dernier prompt',
    description:
      'Le diff des fichiers ajoutés, modifiés ou supprimés depuis le dernier prompt du projet.',
    content:
      'Diff unifié des fichiers modifiés depuis le dernier prompt du projet, inséré automatiquement à la génération.',
  },
  DYNAMIC_TASK: {
    name: DYNAMIC_TASK_DEFAULT_NAME,
    description: 'Votre demande finale, saisie dans le générateur, entre un préfixe et un suffixe.',
    // No default content: the dynamic task's content is the user's prefix and suffix.
  },
} as const satisfies Record<
  SystemBlockTextType,
  { name: string; description: string; content?: string }
>;

export function isSystemBlockTextType(type: string): type is SystemBlockTextType {
  return Object.hasOwn(SYSTEM_BLOCK_TEXTS, type);
}
