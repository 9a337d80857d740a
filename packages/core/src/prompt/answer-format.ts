import type { Language } from '../limits';

/**
 * How an ANSWER_FORMAT block asks the model to write its file changes (decision 047). Each
 * form is one the apply parser (apply/) reads: whole files for small files or many changes,
 * search/replace for a few edits in large files, unified diffs for models trained on git.
 */
export const ANSWER_FORMAT_MODES = ['whole-files', 'search-replace', 'unified-diff'] as const;
export type AnswerFormatMode = (typeof ANSWER_FORMAT_MODES)[number];

/** Search/replace: the fewest tokens to write back, and the parser refuses what it cannot match. */
export const DEFAULT_ANSWER_FORMAT: AnswerFormatMode = 'search-replace';

export function isAnswerFormatMode(value: unknown): value is AnswerFormatMode {
  return typeof value === 'string' && (ANSWER_FORMAT_MODES as readonly string[]).includes(value);
}

/** How the prompt around the block reads: the whole-file example shows files the same way. */
export type AnswerFormatStyle = 'xml' | 'markdown' | 'plain';

interface Texts {
  title: string;
  intro: Record<AnswerFormatMode, string>;
  rules: Record<AnswerFormatMode, string[]>;
  example: string;
  /** Placeholder lines of the examples. */
  whole: string;
  search: string;
  replace: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    title: 'Answer format',
    intro: {
      'whole-files':
        'When you change files, write each changed or new file in full, so that your answer can be applied to the project as it is.',
      'search-replace':
        'When you change files, write each change as a search/replace block under the path of its file, so that your answer can be applied to the project as it is.',
      'unified-diff':
        'When you change files, write the changes as a unified diff, as `git diff` prints it, so that your answer can be applied to the project as it is.',
    },
    rules: {
      'whole-files': [
        'Give the path relative to the project root, exactly as in the prompt.',
        'Write the complete content of the file, from its first line to its last: never shorten it with comments such as "// ... existing code ...", a shortened file cannot be applied.',
        'Leave out the files you do not change.',
        'To delete a file, write a unified diff of it to /dev/null.',
      ],
      'search-replace': [
        'Give the path relative to the project root, exactly as in the prompt.',
        'Copy the SEARCH lines exactly as they are in the file, whitespace and comments included, with enough lines to match in one place only.',
        'Use several blocks for several changes in one file, in the order they appear in it.',
        'To create a file, leave SEARCH empty and put the whole new file in REPLACE; to remove lines, leave REPLACE empty.',
        'To delete a file, write a unified diff of it to /dev/null.',
      ],
      'unified-diff': [
        'Start each file with `--- a/path` and `+++ b/path`, paths relative to the project root.',
        'Keep three lines of unchanged context around each change, copied exactly from the file.',
        'A new file comes from `--- /dev/null`; a deleted file goes to `+++ /dev/null`.',
        'Put the diff in a fenced block tagged `diff`.',
      ],
    },
    example: 'For example:',
    whole: '(the complete content of the file)',
    search: '(the exact lines to find)',
    replace: '(the lines to put in their place)',
  },
  fr: {
    title: 'Format de la réponse',
    intro: {
      'whole-files':
        'Quand vous modifiez des fichiers, écrivez chaque fichier modifié ou nouveau en entier, pour que votre réponse puisse être appliquée au projet telle quelle.',
      'search-replace':
        'Quand vous modifiez des fichiers, écrivez chaque modification comme un bloc recherche/remplacement sous le chemin de son fichier, pour que votre réponse puisse être appliquée au projet telle quelle.',
      'unified-diff':
        "Quand vous modifiez des fichiers, écrivez les modifications comme un diff unifié, tel que `git diff` l'affiche, pour que votre réponse puisse être appliquée au projet telle quelle.",
    },
    rules: {
      'whole-files': [
        'Donnez le chemin relatif à la racine du projet, exactement comme dans le prompt.',
        "Écrivez le contenu complet du fichier, de sa première à sa dernière ligne : ne l'abrégez jamais par des commentaires comme « // ... code existant ... », un fichier abrégé ne peut pas être appliqué.",
        'Laissez de côté les fichiers que vous ne modifiez pas.',
        'Pour supprimer un fichier, écrivez son diff unifié vers /dev/null.',
      ],
      'search-replace': [
        'Donnez le chemin relatif à la racine du projet, exactement comme dans le prompt.',
        "Recopiez les lignes SEARCH exactement comme dans le fichier, espaces et commentaires compris, avec assez de lignes pour ne correspondre qu'à un seul endroit.",
        "Utilisez plusieurs blocs pour plusieurs modifications d'un même fichier, dans l'ordre où elles y apparaissent.",
        'Pour créer un fichier, laissez SEARCH vide et mettez tout le nouveau fichier dans REPLACE ; pour retirer des lignes, laissez REPLACE vide.',
        'Pour supprimer un fichier, écrivez son diff unifié vers /dev/null.',
      ],
      'unified-diff': [
        'Commencez chaque fichier par `--- a/chemin` et `+++ b/chemin`, chemins relatifs à la racine du projet.',
        'Gardez trois lignes de contexte inchangé autour de chaque modification, recopiées exactement du fichier.',
        'Un nouveau fichier vient de `--- /dev/null` ; un fichier supprimé va vers `+++ /dev/null`.',
        'Mettez le diff dans un bloc délimité marqué `diff`.',
      ],
    },
    example: 'Par exemple :',
    whole: '(le contenu complet du fichier)',
    search: '(les lignes exactes à trouver)',
    replace: '(les lignes à mettre à leur place)',
  },
};

const EXAMPLE_PATH = 'src/example.ts';

function wholeFileExample(style: AnswerFormatStyle, t: Texts): string {
  switch (style) {
    case 'xml':
      return `<file path="${EXAMPLE_PATH}">\n${t.whole}\n</file>`;
    case 'markdown':
      return `### ${EXAMPLE_PATH}\n\n\`\`\`ts\n${t.whole}\n\`\`\``;
    case 'plain':
      return `File: ${EXAMPLE_PATH}\n\`\`\`ts\n${t.whole}\n\`\`\``;
  }
}

function example(mode: AnswerFormatMode, style: AnswerFormatStyle, t: Texts): string {
  switch (mode) {
    case 'whole-files':
      return wholeFileExample(style, t);
    case 'search-replace':
      return [
        EXAMPLE_PATH,
        '```ts',
        '<<<<<<< SEARCH',
        t.search,
        '=======',
        t.replace,
        '>>>>>>> REPLACE',
        '```',
      ].join('\n');
    case 'unified-diff':
      return [
        '```diff',
        `--- a/${EXAMPLE_PATH}`,
        `+++ b/${EXAMPLE_PATH}`,
        '@@ -1,3 +1,3 @@',
        ' import { greet } from "./greet";',
        '-greet("world");',
        '+greet("everyone");',
        ' export {};',
        '```',
      ].join('\n');
  }
}

/** The block's title in a language (the XML and Markdown formats label the block with it). */
export function answerFormatTitle(language: Language): string {
  return TEXTS[language].title;
}

/**
 * What the block asks of the model, in the blocks' language; the whole-file example writes a
 * file the way the prompt around it does (an XML element, a Markdown heading, a `File:` line).
 */
export function answerFormatText(
  mode: AnswerFormatMode,
  style: AnswerFormatStyle,
  language: Language,
): string {
  const t = TEXTS[language];
  const rules = t.rules[mode].map((rule) => `- ${rule}`).join('\n');
  return `${t.intro[mode]}\n\n${rules}\n\n${t.example}\n\n${example(mode, style, t)}`;
}
