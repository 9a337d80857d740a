import { sectionsFile } from './render/sections';

/**
 * One selected file in the sections format: its path, then its content in a fenced
 * block tagged with the language of its extension, the fence one backtick longer than any
 * run inside (a Markdown file holding ``` cannot close it early).
 */
export function renderFileBlock(path: string, content: string): string {
  return sectionsFile({ path, mode: 'full', content });
}
