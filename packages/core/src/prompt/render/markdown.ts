import { languageForPath } from '../../files/language';
import { answerFormatText, answerFormatTitle } from '../answer-format';
import { changesText, changesTitle } from '../changes-since';
import { type FilePart, fenceFor, projectInfoLines, withFinalNewline } from '../segments';
import type { PromptRenderer } from './renderer';

function fenced(content: string, language = ''): string {
  const fence = fenceFor(content);
  return `${fence}${language}\n${withFinalNewline(content)}${fence}`;
}

/**
 * Markdown: a heading per part, each file under its own heading in a fenced block whose
 * fence is longer than any backtick run inside (a README holding ``` cannot close it).
 */
export const markdownRenderer: PromptRenderer = {
  separator: '\n\n',
  part(part) {
    switch (part.kind) {
      case 'text':
        return `## ${part.name ?? 'Instructions'}\n\n${part.text}`;
      case 'task':
        return `## Task\n\n${part.text}`;
      case 'project-info':
        return `## Project\n\n${projectInfoLines(part.info)
          .map((line) => `- ${line}`)
          .join('\n')}`;
      case 'structure':
        return `## Directory structure\n\n${fenced(part.tree)}`;
      case 'answer-format':
        return `## ${answerFormatTitle(part.language)}\n\n${answerFormatText(part.mode, 'markdown', part.language)}`;
      case 'changes': {
        const body = changesText(part.changes, part.language, (diff) => fenced(diff, 'diff'));
        return `## ${changesTitle(part.language)}\n\n${body}`;
      }
    }
  },
  filesOpen: '## Files\n\n',
  filesClose: '',
  fileSeparator: '\n\n',
  file({ path, mode, content }: FilePart) {
    if (mode === 'path') return `### ${path}`;
    const heading = mode === 'outline' ? `### ${path} (outline)` : `### ${path}`;
    return `${heading}\n\n${fenced(content, languageForPath(path))}`;
  },
};
