import type { ApplyFailure, ApplyFailureCode, ClosestLines, PlannedFile } from './types';

const closestPart = (p: Record<string, string | number>) =>
  !p.startLine
    ? ''
    : p.startLine === p.endLine
      ? `; the closest line is ${p.startLine} (${p.similarity} % alike)`
      : `; the closest lines are ${p.startLine}–${p.endLine} (${p.similarity} % alike)`;

/** The English sentence of each failure (the web app translates from code + params). */
const MESSAGES: Record<ApplyFailureCode, (p: Record<string, string | number>) => string> = {
  SEARCH_NOT_FOUND: (p) => `block ${p.block}: the search text is not in ${p.path}` + closestPart(p),
  SEARCH_AMBIGUOUS: (p) =>
    `block ${p.block}: the search text is in ${p.path} ${p.count} times (lines ${p.lines}); add lines around it so that it is found once`,
  SEARCH_TOO_AMBIGUOUS: (p) =>
    `block ${p.block}: finding its text in ${p.path} would take too long (its lines are too common there, or the answer's blocks for this file need over ${p.limit} line comparisons); send fewer, more distinctive lines`,
  RENAME_INCOMPLETE: (p) =>
    `${p.path} is not written: the answer renames ${p.from} to ${p.to} and also edits ${p.from}; the two are written together or not at all`,
  MOVE_INCOMPLETE: (p) =>
    `${p.path} is not written: it moves into a path the answer frees, or frees one, together with ${p.other}, which failed; they are written together or not at all`,
  BLOCKS_NOT_TRIED: (p) =>
    `${p.skipped} more blocks of ${p.path} were not tried: ${p.limit} of its blocks failed already, and it is not written`,
  ELIDED_CODE: (p) =>
    `block ${p.block}: “${p.marker}” leaves code out of ${p.path}; the block must write every line it keeps`,
  HUNK_FAILED: (p) =>
    `block ${p.block}: hunk ${p.hunk} does not apply to ${p.path}` +
    (p.short ? ' (it has fewer lines than its header counts: it was cut)' : '') +
    (p.count ? ` (its lines are there ${p.count} times: lines ${p.lines})` : '') +
    closestPart(p),
  HUNK_NO_CHANGE: (p) =>
    `block ${p.block}: hunk ${p.hunk} for ${p.path} adds and removes no line (none starts with + or -), so what it changes is not known`,
  FILE_MISSING: (p) => `block ${p.block}: ${p.path} does not exist`,
  FILE_EXISTS: (p) => `block ${p.block}: ${p.path} already exists`,
  DELETE_LEAVES_TEXT: (p) =>
    `block ${p.block}: the diff deletes ${p.path} but does not remove all of its lines`,
  BINARY: (p) => `${p.path} is a binary file; it is never edited`,
  PATH_OUTSIDE: (p) => `${p.path} is outside the project folder`,
  PATH_GIT: (p) => `${p.path} is inside .git/, which is never written`,
  PATH_INVALID: (p) => `${JSON.stringify(p.path)} is not a file path`,
  PATH_LINK: (p) => `${p.path}: ${p.link} is a symbolic link, and apply never writes through one`,
  PATH_CLASH: (p) =>
    `${p.path} cannot be written: ${p.at} would have to be both a file and a folder`,
  NO_PATH: (p) => `block ${p.block} (line ${p.line} of the answer) names no file`,
  UNTERMINATED_BLOCK: (p) =>
    `block ${p.block} (line ${p.line} of the answer) is not closed (the answer may be cut)`,
  DIFF_NAMES_DISAGREE: (p) =>
    `block ${p.block} (line ${p.line} of the answer): its ---/+++ lines name other files than its diff --git line, so which file it changes is not certain`,
  DIVIDER_AMBIGUOUS: (p) =>
    `block ${p.block} (line ${p.line} of the answer) has several ======= lines: which one divides its search text from its replacement is not certain`,
};

/** A line of the answer quoted in a failure (an elision marker) is cut to this many characters. */
const MAX_QUOTED = 120;

/** The line as quoted: whole when short, else its start and an ellipsis. */
const quoted = (line: string) =>
  line.length > MAX_QUOTED ? `${line.slice(0, MAX_QUOTED - 1).trimEnd()}…` : line;

export function failure(
  code: ApplyFailureCode,
  params: Record<string, string | number>,
  blockIndex?: number,
  closest?: ClosestLines | null,
): ApplyFailure {
  const all = { ...params };
  // A model's line can be a whole answer long: a message names it, it does not repeat it.
  if (typeof all.marker === 'string') all.marker = quoted(all.marker);
  if (blockIndex !== undefined) all.block = blockIndex + 1;
  if (closest)
    Object.assign(all, {
      startLine: closest.startLine,
      endLine: closest.endLine,
      similarity: Math.round(closest.similarity * 100),
    });
  return {
    code,
    params: all,
    message: MESSAGES[code](all),
    ...(blockIndex !== undefined ? { blockIndex } : {}),
    ...(closest ? { closest } : {}),
  };
}

/** A planned file that is not written after all: left as it is, with these failures. */
export function failedFile(file: PlannedFile, failures: ApplyFailure[]): PlannedFile {
  return { ...file, status: 'failed', after: file.before, added: 0, removed: 0, failures };
}
