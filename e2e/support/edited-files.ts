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
