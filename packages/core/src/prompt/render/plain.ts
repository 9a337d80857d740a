import { type FilePart, withFinalNewline } from '../segments';
import { partAsText, type PromptRenderer } from './renderer';

/** A rule long enough to stand out, short enough to cost few tokens. */
const RULE = '-'.repeat(16);

/**
 * Plain text: no markup at all. Parts are separated by a blank line; each file starts with
 * its `File:` line and a rule, and its content follows as it is.
 */
export const plainRenderer: PromptRenderer = {
  separator: '\n\n',
  part: partAsText,
  filesOpen: '',
  filesClose: '',
  fileSeparator: '\n\n',
  file({ path, mode, content }: FilePart) {
    if (mode === 'path') return `File: ${path}`;
    const label = mode === 'outline' ? `${path} (outline)` : path;
    return `File: ${label}\n${RULE}\n${withFinalNewline(content)}${RULE}`;
  },
};
