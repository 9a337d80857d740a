import { bareNameAbove, infoLanguage, pathFromInfo, type KnownPath } from './path-hints';
import {
  hasSearchReplace,
  isSearchHead,
  pathAbove,
  readSearchReplaceBlock,
  readSearchReplaceBlocks,
  type RawSearchReplace,
} from './search-replace-blocks';
import { keepLines } from './edit-lines';
import type {
  AnswerEdit,
  ParsedAnswer,
  ParseProblem,
  SearchReplaceEdit,
  WholeFileEdit,
} from './types';
import {
  hunkCounts,
  isHunkLine,
  readUnifiedDiffs,
  startsDiff,
  type RawDiffFile,
} from './unified-diff-reader';

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const FILE_CLOSE = /^\s*<\/file>\s*$/i;
const DIFF_LANGUAGES = new Set(['diff', 'patch', 'udiff']);

/** Collects edits and problems, numbering blocks in the order they appear. */
class Collector {
  readonly edits: AnswerEdit[] = [];
  readonly problems: ParseProblem[] = [];
  /** A search/replace block that names no path goes to the previous one's file. */
  lastSearchPath: string | null = null;
  private next = 0;

  constructor(readonly known: KnownPath | undefined) {}

  private index() {
    return this.next++;
  }

  problem(code: ParseProblem['code'], line: number, message: string) {
    this.problems.push({ code, blockIndex: this.index(), line: line + 1, message });
  }

  whole(path: string, lines: readonly string[]) {
    const text = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    const edit: WholeFileEdit = { kind: 'whole-file', path, text, blockIndex: this.index() };
    keepLines(edit, 'text', text, lines as string[]);
    this.edits.push(edit);
  }

  remove(path: string) {
    this.edits.push({ kind: 'delete-file', path, blockIndex: this.index() });
  }

  searchReplace(
    path: string | null,
    block: Omit<RawSearchReplace, 'start' | 'path'>,
    line: number,
  ) {
    if (!block.complete) {
      this.problem(
        'UNTERMINATED_BLOCK',
        line,
        `the search/replace block at line ${line + 1} has no end marker`,
      );
    } else if (block.ambiguous) {
      this.problem(
        'DIVIDER_AMBIGUOUS',
        line,
        `the search/replace block at line ${line + 1} has several ======= lines`,
      );
    } else if (path === null) {
      this.problem('NO_PATH', line, `the search/replace block at line ${line + 1} names no file`);
    } else {
      this.lastSearchPath = path;
      const { search, replace } = block;
      const edit: SearchReplaceEdit = {
        kind: 'search-replace',
        path,
        search,
        replace,
        blockIndex: this.index(),
      };
      keepLines(edit, 'search', search, block.searchLines);
      keepLines(edit, 'replace', replace, block.replaceLines);
      this.edits.push(edit);
    }
  }

  diffs(files: RawDiffFile[], offset: number) {
    for (const file of files) {
      const path = file.newPath ?? file.oldPath;
      if (path === null) {
        this.problem(
          'NO_PATH',
          file.start + offset,
          `the diff at line ${file.start + offset + 1} names no file`,
        );
        continue;
      }
      const { oldPath, newPath, hunks, binary, copy } = file;
      this.edits.push({
        kind: 'unified-diff',
        path,
        oldPath,
        newPath,
        hunks,
        binary,
        ...(copy ? { copy } : {}),
        blockIndex: this.index(),
      });
    }
  }

  /** The content of a fence or a <file> element, under `path` (null: no path known). */
  content(inner: string[], path: string | null, language: string, line: number, closed: boolean) {
    const first = inner.findIndex((text) => text.trim() !== '');
    if (hasSearchReplace(inner)) {
      for (const block of readSearchReplaceBlocks(
        inner,
        0,
        inner.length,
        path ?? this.lastSearchPath,
        this.known,
      ))
        this.searchReplace(block.path, block, block.start + line);
    } else if (
      DIFF_LANGUAGES.has(language) ||
      (first !== -1 && (startsDiff(inner, first) || (inner[first] ?? '').startsWith('@@')))
    ) {
      this.diffs(readUnifiedDiffs(inner, 0, inner.length, true, path, closed).files, line);
    } else if (path !== null) {
      this.whole(path, inner);
    }
  }
}

/**
 * A `<file …>` or `<file …/>` line: its attributes and whether it closes itself. Read by
 * hand, not by an expression: on a long line without `>` a lazy attribute group backtracks
 * in quadratic time (decision 090).
 */
function fileOpenTag(line: string): { attributes: string; selfClosing: boolean } | null {
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
  const found = new Collector(options.knownPath);
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
      found.searchReplace(pathAbove(lines, i, 0, found.known) ?? found.lastSearchPath, block, i);
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

/** The expressions of the fences an answer opens, by their marker (an answer repeats a few). */
const closers = new Map<string, RegExp>();
function closingFence(marker: string): RegExp {
  let close = closers.get(marker);
  if (!close) {
    close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    if (closers.size < 64) closers.set(marker, close);
  }
  return close;
}
/** A fence indented by 0 to 3 spaces takes as many off its lines. */
const INDENTATION = [0, 1, 2, 3].map((indent) => new RegExp(`^ {0,${indent}}`));

function readFence(lines: string[], at: number, fence: RegExpExecArray, found: Collector): number {
  const indent = fence[1]?.length ?? 0;
  const marker = fence[2] ?? '```';
  const info = fence[3] ?? '';
  const close = closingFence(marker);
  // Every line of the block is tested: a closing fence holds its run of fence characters.
  // Inside a hunk, as many lines as its header counts are its own, even one that looks like
  // a fence (a context line of a Markdown file's ``` block).
  const run = marker.slice(0, 3);
  const markerCode = marker.charCodeAt(0);
  let end = at + 1;
  let oldLeft = 0;
  let newLeft = 0;
  for (; end < lines.length; end++) {
    const text = lines[end] ?? '';
    if ((oldLeft > 0 || newLeft > 0) && isHunkLine(text)) {
      if (text[0] !== '+' && text[0] !== '\\') oldLeft--;
      if (text[0] !== '-' && text[0] !== '\\') newLeft--;
      continue;
    }
    // Plain assignments, not a destructuring: this runs on every line of a fence, and
    // before the optimizing compiler a destructuring walks an array's iterator.
    // A hunk header starts with `@`: other lines skip the call (this runs on every line).
    const counts = text.charCodeAt(0) === 64 ? hunkCounts(text) : null;
    oldLeft = counts ? counts[0] : 0;
    newLeft = counts ? counts[1] : 0;
    // A closing fence has its character after at most three spaces: other lines skip the
    // substring search and the expression.
    let k = 0;
    while (k < 3 && text.charCodeAt(k) === 32) k++;
    if (text.charCodeAt(k) === markerCode && text.includes(run) && close.test(text)) break;
  }
  const indentation = INDENTATION[indent]!;
  const inner = lines.slice(at + 1, end);
  if (indent > 0) for (const [k, text] of inner.entries()) inner[k] = text.replace(indentation, '');
  const path =
    pathFromInfo(info, found.known) ??
    pathAbove(lines, at, Math.max(0, at - 3), found.known) ??
    (at > 0 ? bareNameAbove(lines[at - 1] ?? '') : null);
  if (end >= lines.length && path !== null && !hasSearchReplace(inner)) {
    found.problem(
      'UNTERMINATED_BLOCK',
      at,
      `the code block of ${path} at line ${at + 1} is not closed (the answer may be cut)`,
    );
  } else if (inner.some((text) => text.trim() !== '')) {
    // An empty fence writes nothing (emptying the file named above it would be a guess):
    // often a stray pair of fence lines between a name and its block.
    found.content(inner, path, infoLanguage(info), at + 1, end < lines.length);
  }
  return end + 1;
}

function readFileElement(
  lines: string[],
  at: number,
  attributes: string,
  selfClosing: boolean,
  found: Collector,
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
