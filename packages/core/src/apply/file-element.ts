import type { EditCollector } from './edit-collector';
import { FENCE_OPEN } from './fenced-block';

const FILE_CLOSE = /^\s*<\/file>\s*$/i;

/**
 * A `<file …>` or `<file …/>` line: its attributes and whether it closes itself. Read by
 * hand, not by an expression: on a long line without `>` a lazy attribute group backtracks
 * in quadratic time (decision 090).
 */
export function fileOpenTag(line: string): { attributes: string; selfClosing: boolean } | null {
  const text = line.trim();
  if (text.length < 7 || text.slice(0, 5).toLowerCase() !== '<file') return null;
  if (!/\s/.test(text[5]!) || !text.endsWith('>')) return null;
  let inner = text.slice(6, -1);
  if (inner.includes('>')) return null;
  const selfClosing = inner.endsWith('/');
  if (selfClosing) inner = inner.slice(0, -1);
  return { attributes: inner.trim(), selfClosing };
}

/** A letter, digit, `_`, `:`, `.` or `-` (compared by code: this runs on every character). */
function isAttributeName(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 58) ||
    code === 95 ||
    code === 46 ||
    code === 45
  );
}

const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';

/** The attributes `name="value"` / `name='value'` of a tag, read in one pass (names lower-cased). */
function readAttributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    if (!isAttributeName(text[i]!)) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < text.length && isAttributeName(text[i]!)) i++;
    const name = text.slice(nameStart, i).toLowerCase();
    while (isSpace(text[i])) i++;
    if (text[i] !== '=') continue;
    i++;
    while (isSpace(text[i])) i++;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") continue;
    const end = text.indexOf(quote, i + 1);
    if (end === -1) break;
    if (!found.has(name)) found.set(name, text.slice(i + 1, end));
    i = end + 1;
  }
  return found;
}

/** Removes a fence or CDATA section wrapped around the whole content of a <file> element. */
function unwrapFileContent(inner: string[]): string[] {
  let first = inner.findIndex((text) => text.trim() !== '');
  let last = inner.findLastIndex((text) => text.trim() !== '');
  if (first === -1) return [];
  const open = FENCE_OPEN.exec(inner[first] ?? '');
  const fence = open?.[2];
  if (fence && last > first && (inner[last] ?? '').trim().startsWith(fence))
    return inner.slice(first + 1, last);
  if (
    (inner[first] ?? '').trim().startsWith('<![CDATA[') &&
    (inner[last] ?? '').trim().endsWith(']]>')
  ) {
    const lines = inner.slice(first, last + 1);
    lines[0] = (lines[0] ?? '').replace(/^\s*<!\[CDATA\[/, '');
    lines[lines.length - 1] = (lines.at(-1) ?? '').replace(/\]\]>\s*$/, '');
    first = lines[0] === '' ? 1 : 0;
    last = lines.at(-1) === '' ? lines.length - 1 : lines.length;
    return lines.slice(first, last);
  }
  return inner;
}

/** Reads the `<file>` element opened at `at` into `found`; returns the line after it. */
export function readFileElement(
  lines: string[],
  at: number,
  attributes: string,
  selfClosing: boolean,
  found: EditCollector,
): number {
  const read = readAttributes(attributes);
  const path = read.get('path') ?? read.get('name') ?? read.get('filename') ?? null;
  const action = (read.get('action') ?? '').toLowerCase();
  let end = at + 1;
  if (!selfClosing) while (end < lines.length && !FILE_CLOSE.test(lines[end] ?? '')) end++;
  if (path === null) {
    found.problem('NO_PATH', at, `the <file> element at line ${at + 1} has no path attribute`);
  } else if (action === 'delete') {
    found.remove(path);
  } else if (selfClosing || end >= lines.length) {
    found.problem(
      'UNTERMINATED_BLOCK',
      at,
      `the <file> element of ${path} at line ${at + 1} is not closed`,
    );
  } else {
    found.content(unwrapFileContent(lines.slice(at + 1, end)), path, '', at + 1, true);
  }
  return selfClosing ? at + 1 : end + 1;
}
