/**
 * Where models put a file's path around a code block: on the line before the fence
 * (`src/a.ts`, `**src/a.ts**`, `### src/a.ts`, `File: src/a.ts`, `` `src/a.ts`: ``) or in
 * the fence's info string (`ts src/a.ts`, `ts:src/a.ts`, `title="src/a.ts"`). A line of
 * prose must not pass for a path, so a path with spaces is only taken when something
 * delimits it (backticks, quotes, bold, a `File:` label or the info string) or it names the
 * file of search/replace blocks in the shape `spacedPathShape` allows. A name of a
 * file that exists in the folder (`knownPath`) is a path whatever its shape.
 */

import { checkApplyPath } from './paths';

/** Whether a path (in its normal form) names a file in the folder the answer applies to. */
export type KnownPath = (path: string) => boolean;

/** Whether `candidate`, read as a path, names a file of the folder. */
function isKnown(candidate: string, known: KnownPath | undefined): boolean {
  if (!known) return false;
  const checked = checkApplyPath(candidate);
  return checked.ok && known(checked.path);
}

/** Names that are files although they have neither a slash nor an extension. */
const BARE_FILE_NAMES = new Set(
  'Makefile GNUmakefile makefile Dockerfile Containerfile Jenkinsfile Procfile Gemfile Rakefile Brewfile Vagrantfile Podfile Fastfile Appfile Berksfile Guardfile Capfile Puppetfile Snakefile Tiltfile Earthfile Caddyfile Justfile justfile Pipfile Taskfile gradlew mvnw configure BUILD WORKSPACE LICENSE COPYING NOTICE AUTHORS CHANGELOG README CODEOWNERS OWNERS VERSION'.split(
    ' ',
  ),
);

/**
 * A name alone on the line right above a fence, without decoration or a colon: a file
 * named without an extension (`gradlew`, `Justfile`, `bin/run`).
 */
export function bareNameAbove(line: string): string | null {
  const text = line.trim();
  return /^[\w][\w.-]{0,99}$/.test(text) && !text.endsWith('.') ? text : null;
}

/**
 * A path is at most 300 characters; a line or info string much longer than that names none,
 * and is not handed to the expressions below (some backtrack on long unclosed quotes).
 */
const HINT_MAX = 600;

const LABEL = /^(?:file(?:name)?|path|new file|updated file|modified file|changed file)\s*:\s*/i;

/**
 * A path with spaces inside its folder or file names, undelimited, as Aider asks models to
 * write the name of a search/replace block's file (`test/fast/Unit tests/assert_ok`). Prose
 * has a space before its first slash (`Update src/a.ts`) or a file name inside its words
 * (`src/a.ts and src/b.ts`); here the first name and the last have none, and no name has
 * spaces at its ends, two spaces running, punctuation or a word ending in an extension.
 */
function spacedPathShape(candidate: string): boolean {
  const names = candidate.split('/');
  if (names.length < 2 || /\s/.test(names[0]!) || /\s/.test(names.at(-1)!)) return false;
  return names.every(
    (name) => name !== '' && name.trim() === name && !/\s\s|[^\S ]|[,;:!?()]|\.\w+ /.test(name),
  );
}

function looksLikePath(candidate: string, spacesAllowed: boolean, known?: KnownPath): boolean {
  if (candidate === '' || candidate.length > 300 || candidate === '...') return false;
  // Markdown, globs, quotes and control characters never appear in a path a model names.
  // eslint-disable-next-line no-control-regex
  if (/[`*<>|"?\u0000-\u001f]/.test(candidate)) return false;
  if (/^[a-z]+:\/\//i.test(candidate)) return false;
  if (isKnown(candidate, known)) return true;
  if (/\s/.test(candidate) && !spacesAllowed) return false;
  if (candidate.endsWith('.') || candidate.endsWith('/')) return false;
  const name = candidate.slice(candidate.lastIndexOf('/') + 1);
  return candidate.includes('/') || /\.[\w-]+$/.test(name) || BARE_FILE_NAMES.has(name);
}

function unwrap(text: string, open: string, close = open): string | null {
  return text.length > open.length + close.length && text.startsWith(open) && text.endsWith(close)
    ? text.slice(open.length, -close.length)
    : null;
}

/**
 * The path a line of prose names on its own, or null; `spaced`: a path with spaces in its
 * names may go undelimited (the line names the file of a search/replace block).
 */
export function pathFromLine(line: string, known?: KnownPath, spaced = false): string | null {
  if (line.length > HINT_MAX) return null;
  let text = line.trim();
  let delimited = false;
  const heading = /^#{1,6}\s+/.exec(text);
  if (heading) text = text.slice(heading[0].length);
  text = text.replace(/^(?:[-*+]|\d+[.)])\s+/, '');
  const bold = unwrap(text.replace(/:$/, ''), '**') ?? unwrap(text.replace(/:$/, ''), '__');
  if (bold !== null) [text, delimited] = [bold.trim(), true];
  text = text.replaceAll('**', '').trim();
  const label = LABEL.exec(text);
  if (label) [text, delimited] = [text.slice(label[0].length), true];
  text = text.replace(/:$/, '').trim();
  for (const [open, close] of [
    ['`', '`'],
    ['"', '"'],
    ["'", "'"],
    // The tool calls of Cline and Roo Code: `<path>src/a.ts</path>` above `<diff>`.
    ['<path>', '</path>'],
  ] as const) {
    const inner = unwrap(text, open, close);
    if (inner !== null) [text, delimited] = [inner.trim(), true];
  }
  return looksLikePath(text, delimited || (spaced && spacedPathShape(text)), known) ? text : null;
}

/** The path in a fence's info string (```ts src/a.ts, ```ts:src/a.ts, ```src/a.ts, title="…"), or null. */
export function pathFromInfo(info: string, known?: KnownPath): string | null {
  const text = info.trim();
  if (text === '' || text.length > HINT_MAX) return null;
  const attribute = /\b(?:title|file(?:name)?|path)=(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(text);
  if (attribute) {
    const value = (attribute[1] ?? attribute[2] ?? attribute[3] ?? '').trim();
    return looksLikePath(value, true, known) ? value : null;
  }
  const colon = /^([\w+#.-]+):(.+)$/.exec(text);
  if (colon?.[1] && colon[2] && !colon[1].includes('.')) {
    const value = colon[2].trim();
    if (looksLikePath(value, true, known)) return value;
  }
  const space = text.search(/\s/);
  if (space === -1) return /[./]/.test(text) && looksLikePath(text, false) ? text : null;
  const rest = text.slice(space).trim();
  return looksLikePath(rest, true, known) ? rest : null;
}

/** The language word of an info string (`diff` in ```diff), lower case. */
export const infoLanguage = (info: string) =>
  (/^[\w+#-]+/.exec(info.trim())?.[0] ?? '').toLowerCase();
