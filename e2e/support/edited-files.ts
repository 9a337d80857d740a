/**
 * Two files the apply tests edit, a TypeScript source and a text file with CRLF endings, and a
 * search/replace block of each.
 */
export const EDITED_FILES = {
  'src/greet.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
  'src/windows.txt': 'one\r\ntwo\r\nthree\r\n',
};

/** src/greet.ts: Hello becomes Hi. */
export const GREET_EDIT = [
  'src/greet.ts',
  '```ts',
  '<<<<<<< SEARCH',
  '  return `Hello, ${name}!`;',
  '=======',
  '  return `Hi, ${name}!`;',
  '>>>>>>> REPLACE',
  '```',
].join('\n');

/** src/windows.txt: two becomes TWO (its CRLF endings stay). */
export const WINDOWS_EDIT = [
  'src/windows.txt',
  '```',
  '<<<<<<< SEARCH',
  'two',
  '=======',
  'TWO',
  '>>>>>>> REPLACE',
  '```',
].join('\n');

/**
 * A unified diff in a fence over the sample files: src/utils/math.ts gains `twice`,
 * docs/guide.md (`# Guide`, a blank line, ``Run `npm start`.``) is deleted.
 */
export const UNIFIED_DIFF = [
  '```diff',
  '--- a/src/utils/math.ts',
  '+++ b/src/utils/math.ts',
  '@@ -1 +1,2 @@',
  ' export const add = (a: number, b: number): number => a + b;',
  '+export const twice = (a: number): number => add(a, a);',
  '--- a/docs/guide.md',
  '+++ /dev/null',
  '@@ -1,3 +0,0 @@',
  '-# Guide',
  '-',
  '-Run `npm start`.',
  '```',
].join('\n');
