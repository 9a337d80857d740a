import { languageForPath } from '../files/language';

/** Longest run of backticks in the text (0 if none); scans only where a backtick is. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  let at = text.indexOf('`');
  while (at !== -1) {
    let end = at + 1;
    while (text.charCodeAt(end) === 96) end++;
    if (end - at > longest) longest = end - at;
    at = text.indexOf('`', end);
  }
  return longest;
}

/**
 * One selected file in the prompt: its path, then its content in a fenced block tagged
 * with the language of its extension. The fence is one backtick longer than any run inside
 * the content, so a file holding ``` (a Markdown file) cannot close it early.
 */
export function renderFileBlock(path: string, content: string): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  const body = content.endsWith('\n') ? content : `${content}\n`;
  return `File: ${path}\n${fence}${languageForPath(path)}\n${body}${fence}`;
}
