import type { WorkingFile } from './edit-outcome';
import { failure } from './failures';
import type { SearchBudget } from './line-search';
import { readBody, type FileBody } from './text';
import type { AnswerEdit, ApplyFailure, ApplyFormat, FileText } from './types';

export const FORMATS: Record<AnswerEdit['kind'], ApplyFormat> = {
  'whole-file': 'whole-file',
  'delete-file': 'whole-file',
  'search-replace': 'search-replace',
  'unified-diff': 'unified-diff',
};

/** One file of the plan while the answer's edits are applied to it in turn. */
export interface Entry {
  path: string;
  oldPath?: string;
  before: FileText | null;
  format: ApplyFormat;
  wholeFile: boolean;
  /** The file as read (null: it did not exist). */
  source: FileBody | null;
  working: WorkingFile;
  failures: ApplyFailure[];
  /** Edits whose result was in the file already (skipped). */
  alreadyApplied: number;
  /** The work the answer's edits may still spend finding their text (shared by all files). */
  budget: SearchBudget;
  /** A new file at a path the answer frees (a rename, copy or creation onto it). */
  takesFreed: boolean;
  /** Edits not tried: the file had failed MAX_FAILURES_PER_FILE times already. */
  notTried: number;
  /** A rename or copy onto a file an earlier edit of the answer deleted. */
  replacesDeleted?: boolean;
  /** The block of its first edit. */
  firstBlock: number;
}

export type ReadFile = (path: string) => FileText | null;

const EMPTY_BODY = () => readBody('');

/** Whether an edit creates its file (a diff from /dev/null). */
const creates = (edit: AnswerEdit) => edit.kind === 'unified-diff' && edit.oldPath === null;

/**
 * The entry of the first edit of `path`. A copy starts from its source's text and is a new
 * file; a rename moves its source. A rename, copy or creation may take a path the answer
 * frees (as `git apply` allows); a creation at a path a rename moves away starts empty.
 */
export function newEntry(
  edit: AnswerEdit,
  path: string,
  source: string,
  read: ReadFile,
  budget: SearchBudget,
  freed: ReadonlySet<string>,
  moved: ReadonlySet<string>,
): Entry {
  const copy = edit.kind === 'unified-diff' && edit.copy === true && source !== path;
  const takesFreed = (source !== path || creates(edit)) && freed.has(path);
  const startsEmpty = creates(edit) && moved.has(path);
  const from = startsEmpty ? null : read(source);
  const before = copy || startsEmpty ? read(path) : from;
  const body = from ? readBody(from.text) : null;
  const entry: Entry = {
    path,
    ...(source !== path && !copy ? { oldPath: source } : {}),
    before,
    format: FORMATS[edit.kind],
    wholeFile: false,
    source: copy ? null : body,
    working: { exists: body !== null, body: body ?? EMPTY_BODY() },
    failures: [],
    alreadyApplied: 0,
    budget,
    takesFreed,
    notTried: 0,
    firstBlock: edit.blockIndex,
  };
  if (source !== path && read(path) !== null && !freed.has(path)) {
    entry.failures.push(failure('FILE_EXISTS', { path }, edit.blockIndex));
  }
  return entry;
}
