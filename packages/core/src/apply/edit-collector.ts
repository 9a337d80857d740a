import type { KnownPath } from './path-hints';
import {
  hasSearchReplace,
  readSearchReplaceBlocks,
  type RawSearchReplace,
} from './search-replace-blocks';
import { keepLines } from './edit-lines';
import type { AnswerEdit, ParseProblem, SearchReplaceEdit, WholeFileEdit } from './types';
import { readUnifiedDiffs, startsDiff, type RawDiffFile } from './unified-diff-reader';

const DIFF_LANGUAGES = new Set(['diff', 'patch', 'udiff']);

/** Collects edits and problems, numbering blocks in the order they appear. */
export class EditCollector {
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
      if (file.namesDisagree) {
        this.problem(
          'DIFF_NAMES_DISAGREE',
          file.start + offset,
          `the diff at line ${file.start + offset + 1} names other files on its ---/+++ lines than on its diff --git line`,
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
