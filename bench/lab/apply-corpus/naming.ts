// How models state a file's name around a fenced block, and small text helpers.
import type { Rng } from './case';

const LANGUAGES: Record<string, string> = {
  ts: 'ts',
  tsx: 'tsx',
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'jsx',
  py: 'python',
  go: 'go',
  rs: 'rust',
  md: 'markdown',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'toml',
  sh: 'bash',
  html: 'html',
  css: 'css',
  vue: 'vue',
  txt: 'text',
  rst: 'rst',
};

export const languageOf = (path: string) =>
  LANGUAGES[path.split('.').pop()?.toLowerCase() ?? ''] ?? '';

/** A line above the fence that names the file, in one of the ways models write it. */
export function nameLine(path: string, rng: Rng): string {
  const styles = [
    path,
    `**${path}**`,
    `\`${path}\``,
    `File: ${path}`,
    `### ${path}`,
    `\`${path}\`:`,
    `**\`${path}\`**`,
  ];
  return styles[rng.int(styles.length)]!;
}

/** Prose a model puts around its blocks. */
export const INTRO = [
  'Here is the change.',
  "I'll make the following edits:",
  'Sure! Below are the updated parts.',
];
export const OUTRO = ['Let me know if you want anything else.', 'This keeps the behaviour.', ''];

export const lines = (text: string) => {
  const out = text.split('\n');
  if (out.at(-1) === '') out.pop();
  return out;
};

/** How many times `block` occurs as consecutive lines of `file`. */
export function occurrences(file: string[], block: string[]): number {
  if (block.length === 0) return 0;
  let count = 0;
  for (let at = 0; at + block.length <= file.length; at++) {
    let same = true;
    for (let k = 0; k < block.length && same; k++) same = file[at + k] === block[k];
    if (same) count++;
  }
  return count;
}

/** A comment line in the file's language saying code was left out. */
export function elisionLine(path: string): string {
  const hash = /\.(py|sh|ya?ml|toml|rb|cfg|ini|txt)$|(^|\/)(Makefile|Dockerfile)$/.test(path);
  return hash ? '# ... existing code ...' : '// ... existing code ...';
}
