import { languageForPath } from '../../files/language';
import { PROMPT_SECTION_SEPARATOR } from '../../limits';
import { type FilePart, fenceFor, withFinalNewline } from '../segments';
import { partAsText, type PromptRenderer } from './renderer';

/**
 * One selected file as the sections format writes it: `File: path`, then its content in a
 * fenced block tagged with the language of its extension. An outline says so after the path;
 * path mode writes the line alone.
 */
export function sectionsFile({ path, mode, content }: FilePart): string {
  if (mode === 'path') return `File: ${path}`;
  const fence = fenceFor(content);
  const label = mode === 'outline' ? `${path} (outline)` : path;
  return `File: ${label}\n${fence}${languageForPath(path)}\n${withFinalNewline(content)}${fence}`;
}

/** The original output: parts joined by a line of '='. */
export const sectionsRenderer: PromptRenderer = {
  separator: `\n\n${PROMPT_SECTION_SEPARATOR}\n\n`,
  part: partAsText,
  filesOpen: '',
  filesClose: '',
  fileSeparator: '\n\n',
  file: sectionsFile,
};
