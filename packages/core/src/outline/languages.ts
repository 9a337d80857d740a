import { languageForPath } from '../files/language';

/** A grammar of the wasm package and the query file (queries/NAME.scm) that outlines it. */
export interface OutlineLanguage {
  grammar: string;
  query: string;
}

/**
 * Outlined languages, by the fence tag of files/language.ts. Adding a language: a query
 * file in queries/, a row here, and its grammar's URL in the web worker's list.
 */
export const OUTLINE_LANGUAGES: Readonly<Record<string, OutlineLanguage>> = {
  typescript: { grammar: 'typescript', query: 'typescript' },
  tsx: { grammar: 'tsx', query: 'typescript' },
  javascript: { grammar: 'javascript', query: 'javascript' },
  jsx: { grammar: 'javascript', query: 'javascript' },
  python: { grammar: 'python', query: 'python' },
  go: { grammar: 'go', query: 'go' },
  rust: { grammar: 'rust', query: 'rust' },
  java: { grammar: 'java', query: 'java' },
  csharp: { grammar: 'c_sharp', query: 'csharp' },
  c: { grammar: 'c', query: 'c' },
  cpp: { grammar: 'cpp', query: 'cpp' },
  ruby: { grammar: 'ruby', query: 'ruby' },
  php: { grammar: 'php', query: 'php' },
  kotlin: { grammar: 'kotlin', query: 'kotlin' },
  swift: { grammar: 'swift', query: 'swift' },
};

/** How a file is outlined, or null when its language has no outline (full or path only). */
export function outlineLanguageFor(path: string): OutlineLanguage | null {
  return OUTLINE_LANGUAGES[languageForPath(path)] ?? null;
}
