import type { Language } from '../limits';
import {
  isSystemBlockTextType,
  SYSTEM_BLOCK_TEXTS,
  type SystemBlockTextType,
} from '../system-block-texts';

/**
 * The system blocks' default names and descriptions in each language of the app, as the
 * web's locale files say them (`blocks.systemTexts`; a server test keeps the two alike). The API answers in the
 * request's language with them (decision 093), as the web shows them (decision 032).
 */
const SYSTEM_TEXTS: Record<
  Language,
  Record<SystemBlockTextType, { name: string; description: string }>
> = {
  en: {
    PROJECT_INFO: {
      name: 'Project information',
      description: "The project's name and context, added to the prompt automatically.",
    },
    PROJECT_STRUCTURE: {
      name: 'Project structure',
      description: "The project's file tree, without the ignored files.",
    },
    SELECTED_FILES_CONTENT: {
      name: 'Selected files content',
      description: 'The content of each selected file, preceded by its path.',
    },
    DYNAMIC_TASK: {
      name: 'Dynamic User Task',
      description: 'Your final request, typed in the generator, between a prefix and a suffix.',
    },
    ANSWER_FORMAT: {
      name: 'Answer format',
      description:
        'Asks the model to write its file changes in a form that can be applied to the project.',
    },
    CHANGES_SINCE_LAST_PROMPT: {
      name: 'Changes since last prompt',
      description:
        "The diff of the files added, changed or deleted since the project's last prompt.",
    },
  },
  fr: {
    PROJECT_INFO: {
      name: 'Informations du projet',
      description: 'Le nom du projet et son contexte, ajoutés automatiquement au prompt.',
    },
    PROJECT_STRUCTURE: {
      name: 'Structure du projet',
      description: "L'arborescence des fichiers du projet, sans les fichiers ignorés.",
    },
    SELECTED_FILES_CONTENT: {
      name: 'Contenu des fichiers sélectionnés',
      description: 'Le contenu de chaque fichier sélectionné, précédé de son chemin.',
    },
    DYNAMIC_TASK: {
      name: 'Tâche utilisateur dynamique',
      description:
        'Votre demande finale, saisie dans le générateur, entre un préfixe et un suffixe.',
    },
    ANSWER_FORMAT: {
      name: 'Format de la réponse',
      description:
        "Demande au modèle d'écrire ses modifications de fichiers sous une forme applicable au projet.",
    },
    CHANGES_SINCE_LAST_PROMPT: {
      name: 'Modifications depuis le dernier prompt',
      description:
        'Le diff des fichiers ajoutés, modifiés ou supprimés depuis le dernier prompt du projet.',
    },
  },
};

/** The texts of both tables, for the test that holds them to the locale files. */
export const SYSTEM_BLOCK_TEXTS_BY_LANGUAGE = SYSTEM_TEXTS;

/**
 * A block with its system texts in `language`: a system type's name or description that is
 * still the stored default reads as the app says it; anything the user wrote (a rename)
 * stays as written.
 */
export function withSystemTextsIn<
  Block extends { type: string; name: string; description: string | null },
>(block: Block, language: Language): Block {
  if (!isSystemBlockTextType(block.type)) return block;
  const stored = SYSTEM_BLOCK_TEXTS[block.type];
  const texts = SYSTEM_TEXTS[language][block.type];
  return {
    ...block,
    name: block.name === stored.name ? texts.name : block.name,
    description: block.description === stored.description ? texts.description : block.description,
  };
}

/** A block's name in `language`: a system type's stored default name, else as written. */
export function systemBlockNameIn(type: string, name: string, language: Language): string {
  if (!isSystemBlockTextType(type) || name !== SYSTEM_BLOCK_TEXTS[type].name) return name;
  return SYSTEM_TEXTS[language][type].name;
}
