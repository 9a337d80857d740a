import type { KnownPath } from './path-hints';
import { isSearchHead, pathAbove, readSearchReplaceBlock } from './search-replace-blocks';
import type { ParsedAnswer } from './types';
import { readUnifiedDiffs, startsDiff } from './unified-diff-reader';
import { EditCollector } from './edit-collector';
import { FENCE_OPEN, readFence } from './fenced-block';
import { fileOpenTag, readFileElement } from './file-element';

export interface ParseOptions {
  /**
   * Whether a path names a file in the folder the answer applies to: a line naming one is
   * taken as a path whatever its shape (no extension, no slash, spaces).
   */
  knownPath?: KnownPath;
}

/**
 * Finds the edits in a model's answer, whatever format it chose: whole files in fenced
 * blocks (the path on the line before the fence or in its info string), `<file path>`
 * elements, search/replace blocks, unified diffs. Prose is ignored. Fences follow
 * CommonMark: a fence closes only with a fence of its character at least as long, so a
 * file that itself holds ``` blocks travels in a ```` fence.
 */
export function parseAnswer(answer: string, options: ParseOptions = {}): ParsedAnswer {
  const lines = answer.replaceAll('\r\n', '\n').split('\n');
  const found = new EditCollector(options.knownPath);
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const tag = line.includes('<') ? fileOpenTag(line) : null;
    if (tag) {
      i = readFileElement(lines, i, tag.attributes, tag.selfClosing, found);
      continue;
    }
    const fence = FENCE_OPEN.exec(line);
    if (fence && !(fence[2]?.startsWith('`') && fence[3]?.includes('`'))) {
      i = readFence(lines, i, fence, found);
      continue;
    }
    if (isSearchHead(line)) {
      const block = readSearchReplaceBlock(lines, i, lines.length);
      found.searchReplace(
        pathAbove(lines, i, 0, found.known, true) ?? found.lastSearchPath,
        block,
        i,
      );
      i = block.next;
      continue;
    }
    if (startsDiff(lines, i)) {
      const read = readUnifiedDiffs(lines, i, lines.length, false, null);
      found.diffs(read.files, 0);
      i = Math.max(read.next, i + 1);
      continue;
    }
    i++;
  }
  return { edits: found.edits, problems: found.problems };
}
