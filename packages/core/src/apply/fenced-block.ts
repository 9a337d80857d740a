import { hunkCounts, isHunkLine } from './unified-diff-reader';
import { infoLanguage, pathFromInfo, bareNameAbove } from './path-hints';
import { hasSearchReplace, pathAbove } from './search-replace-blocks';
import type { EditCollector } from './edit-collector';

/** A fence's opening line: its indentation, its marker (``` or ~~~, or longer), its info string. */
export const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;

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
/** The info strings of a fenced diff (its context lines may look like fences). */
const DIFF_INFO = /^\s*(?:diff|patch|udiff)\b/;
/** A fence indented by 0 to 3 spaces takes as many off its lines. */
const INDENTATION = [0, 1, 2, 3].map((indent) => new RegExp(`^ {0,${indent}}`));

/**
 * A closing fence glued to the end of a file's last line (`"…"```` for a file without final
 * newline), the block then running on over the next file's heading and opening fence
 * (```` ```json ````, which cannot close it): the lines after it are not this file's.
 */
function gluedClosingFence(inner: readonly string[], marker: string): boolean {
  const longer = marker + marker[0];
  let glued = -1;
  for (let k = 0; k < inner.length - 1 && glued === -1; k++) {
    const text = inner[k]!.trimEnd();
    if (text.endsWith(marker) && !text.endsWith(longer) && text.trim() !== marker) glued = k;
  }
  if (glued === -1) return false;
  for (let k = glued + 1; k < inner.length; k++) {
    const open = FENCE_OPEN.exec(inner[k]!);
    if (open && open[2]![0] === marker[0] && open[3]!.trim() !== '') return true;
  }
  return false;
}

/** Reads the fenced block opened at `at` into `found`; returns the line after its closing fence. */
export function readFence(
  lines: string[],
  at: number,
  fence: RegExpExecArray,
  found: EditCollector,
): number {
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
  const blocks = hasSearchReplace(inner);
  const path =
    pathFromInfo(info, found.known) ??
    pathAbove(lines, at, Math.max(0, at - 3), found.known, blocks) ??
    (at > 0 ? bareNameAbove(lines[at - 1] ?? '') : null);
  if (end >= lines.length && path !== null && !blocks) {
    found.problem(
      'UNTERMINATED_BLOCK',
      at,
      `the code block of ${path} at line ${at + 1} is not closed (the answer may be cut)`,
    );
  } else if (
    path !== null &&
    !DIFF_INFO.test(info) &&
    !blocks &&
    gluedClosingFence(inner, marker)
  ) {
    found.problem(
      'UNTERMINATED_BLOCK',
      at,
      `the code block of ${path} at line ${at + 1} is not closed on a line of its own`,
    );
  } else if (inner.some((text) => text.trim() !== '')) {
    // An empty fence writes nothing (emptying the file named above it would be a guess):
    // often a stray pair of fence lines between a name and its block.
    found.content(inner, path, infoLanguage(info), at + 1, end < lines.length);
  }
  return end + 1;
}
