import { answerFormatText } from '../answer-format';
import { changesText } from '../changes-since';
import { type FilePart, projectInfoLines, withFinalNewline } from '../segments';
import type { PromptRenderer } from './renderer';

/** An attribute value: the characters that would end or break it are escaped. */
function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function element(name: string, body: string, attrs = ''): string {
  return `<${name}${attrs}>\n${withFinalNewline(body)}</${name}>`;
}

/**
 * XML tags as delimiters, the style Anthropic recommends and Repomix writes by default:
 * contents are written as they are (not escaped), as models read them best; only the
 * attribute values are escaped.
 */
export const xmlRenderer: PromptRenderer = {
  separator: '\n\n',
  part(part) {
    switch (part.kind) {
      case 'text':
        return element('instructions', part.text, part.name ? ` name="${attr(part.name)}"` : '');
      case 'task':
        return element('task', part.text);
      case 'project-info':
        return element('project_info', projectInfoLines(part.info).join('\n'));
      case 'structure':
        return element('directory_structure', part.tree);
      case 'answer-format':
        return element('answer_format', answerFormatText(part.mode, 'xml', part.language));
      case 'changes':
        return element('changes_since_last_prompt', changesText(part.changes, part.language));
    }
  },
  filesOpen: '<files>\n',
  filesClose: '\n</files>',
  fileSeparator: '\n\n',
  file({ path, mode, content }: FilePart) {
    const attrs = ` path="${attr(path)}"${mode === 'full' ? '' : ` mode="${mode}"`}`;
    return mode === 'path' ? `<file${attrs} />` : element('file', content, attrs);
  },
};
