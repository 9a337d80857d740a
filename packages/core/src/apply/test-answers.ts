// What the apply tests write answers with and plan them on.
import { parseAnswer } from './parse';
import { planApply } from './plan';
import type { FileText } from './types';

/** The Markdown code fence models put around a block. */
export const fence = '```';

/** One search/replace block for `path`, under the path in a fence. */
export const searchReplace = (path: string, search: string, replace: string) =>
  `${path}\n${fence}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n${fence}\n`;

/** Plans `answer` on `files`: each a text, a FileText, or null for a file that is not there. */
export function planAnswer(answer: string, files: Record<string, string | FileText | null> = {}) {
  const texts = new Map<string, FileText | null>(
    Object.entries(files).map(([path, file]) => [
      path,
      typeof file === 'string' ? { text: file } : file,
    ]),
  );
  return planApply(parseAnswer(answer), texts);
}
