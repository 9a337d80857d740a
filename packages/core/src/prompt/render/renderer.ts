import { answerFormatText } from '../answer-format';
import { changesText } from '../changes-since';
import { type FilePart, projectInfoLines, type PromptPart } from '../segments';

/**
 * How a prompt reads: one implementation per format over the same parts. The assembler
 * puts `separator` between top-level parts and wraps the files of a SELECTED_FILES_CONTENT
 * block in `filesOpen` / `filesClose`, `fileSeparator` between two files.
 *
 * Every string a part or a file renders to starts with visible text and the glue before it
 * ends with '\n' (or is empty), so the cuts between segments fall where the tokenizers
 * never merge and the segments' counts add up to the prompt's (tokens/token-safe-splitter).
 */
export interface PromptRenderer {
  separator: string;
  part(part: PromptPart): string;
  filesOpen: string;
  filesClose: string;
  fileSeparator: string;
  file(file: FilePart): string;
}

/** A part as bare text (no markup): the sections and plain formats write parts this way. */
export function partAsText(part: PromptPart): string {
  switch (part.kind) {
    case 'text':
    case 'task':
      return part.text;
    case 'project-info':
      return projectInfoLines(part.info).join('\n');
    case 'structure':
      return part.tree;
    case 'answer-format':
      return answerFormatText(part.mode, 'plain', part.language);
    case 'changes':
      return changesText(part.changes, part.language);
  }
}
