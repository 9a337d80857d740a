// How models state a file's name around a fenced block, and small text helpers.
import { fenceFor, type Rng } from './case';

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

/** Where `block` starts as consecutive lines of `file`. */
export function placesOf(file: string[], block: string[]): number[] {
  const places: number[] = [];
  if (block.length === 0) return places;
  for (let at = 0; at + block.length <= file.length; at++)
    if (block.every((line, k) => file[at + k] === line)) places.push(at);
  return places;
}

/**
 * A file as models write it: a line naming it, then `text` (ending in a newline) in a fence
 * whose info string is the file's language, or `info`.
 */
export function namedFence(path: string, text: string, rng: Rng, info = languageOf(path)): string {
  const fence = fenceFor(text);
  return `${nameLine(path, rng)}\n${fence}${info}\n${text}${fence}\n`;
}

/** A diff in a fence between a line of prose before and one after. */
export function fencedDiff(diff: string, rng: Rng): string {
  const fence = fenceFor(diff);
  return `${INTRO[rng.int(INTRO.length)]}\n\n${fence}diff\n${diff}${fence}\n\n${OUTRO[rng.int(OUTRO.length)]}\n`;
}

/** A comment line in the file's language saying code was left out. */
export function elisionLine(path: string): string {
  const hash = /\.(py|sh|ya?ml|toml|rb|cfg|ini|txt)$|(^|\/)(Makefile|Dockerfile)$/.test(path);
  return hash ? '# ... existing code ...' : '// ... existing code ...';
}
