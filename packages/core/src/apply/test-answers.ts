// What the apply tests write answers with and plan them on.
import { parseAnswer } from './parse';
import { planApply } from './plan';
import type { FileText } from './types';

/** The Markdown code fence models put around a block. */
export const fence = '```';

/** One search/replace block for `path`, under the path in a fence. */
export const searchReplace = (path: string, search: string, replace: string) =>
  `${path}\n${fence}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n${fence}\n`;

/** A git diff's lines deleting `path`, whose lines were `lines`. */
export const deletion = (path: string, lines: string[]) => [
  `diff --git a/${path} b/${path}`,
  'deleted file mode 100644',
  `--- a/${path}`,
  '+++ /dev/null',
  `@@ -1,${lines.length} +0,0 @@`,
  ...lines.map((line) => `-${line}`),
];
/** A git diff's lines creating `path` with `lines`. */
export const creation = (path: string, lines: string[]) => [
  `diff --git a/${path} b/${path}`,
  'new file mode 100644',
  '--- /dev/null',
  `+++ b/${path}`,
  `@@ -0,0 +1,${lines.length} @@`,
  ...lines.map((line) => `+${line}`),
];

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
