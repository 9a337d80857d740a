/**
 * What goes into a prompt, before any format decides how it reads. Each renderer
 * (prompt/render/) writes these same parts, so the counting, the history and the CLI
 * share one assembly whatever the format.
 */

import type { Language } from '../limits';
import type { AnswerFormatMode } from './answer-format';
import type { ChangesSincePrompt } from './changes-since';

/** How much of a selected file the prompt holds (the fit planner chooses). */
export const FILE_INCLUSION_MODES = ['full', 'outline', 'path'] as const;
export type FileInclusionMode = (typeof FILE_INCLUSION_MODES)[number];

export interface ProjectInfo {
  name: string;
  fileCount: number;
  selectedCount: number;
  /** As a person reads it, in the prompt's language (formatPromptDate). */
  date: string;
}

/** A part of the prompt other than a file. */
export type PromptPart =
  /** A STATIC block; `name` is the block's name when the caller knows it. */
  | { kind: 'text'; name?: string; text: string }
  /** The DYNAMIC_TASK block: prefix, request and suffix already joined. */
  | { kind: 'task'; text: string }
  | { kind: 'project-info'; info: ProjectInfo }
  /** PROJECT_STRUCTURE: the rendered tree. */
  | { kind: 'structure'; tree: string }
  /** ANSWER_FORMAT: how the model should write file changes, in the blocks' language. */
  | { kind: 'answer-format'; mode: AnswerFormatMode; language: Language }
  /** CHANGES_SINCE_LAST_PROMPT: what moved in the project since its last prompt. */
  | { kind: 'changes'; changes: ChangesSincePrompt; language: Language };

/** One selected file: `content` is the whole text, its outline, or '' in path mode. */
export interface FilePart {
  path: string;
  mode: FileInclusionMode;
  content: string;
}

/** The three lines PROJECT_INFO has always written (every format keeps the labels). */
export function projectInfoLines(info: ProjectInfo): string[] {
  return [
    `Project: ${info.name}`,
    `Files: ${info.fileCount}`,
    `Selected files: ${info.selectedCount}`,
    `Date: ${info.date}`,
  ];
}

/** Longest run of backticks in the text (0 if none); scans only where a backtick is. */
export function longestBacktickRun(text: string): number {
  let longest = 0;
  let at = text.indexOf('`');
  while (at !== -1) {
    let end = at + 1;
    while (text.charCodeAt(end) === 96) end++;
    if (end - at > longest) longest = end - at;
    at = text.indexOf('`', end);
  }
  return longest;
}

/** A Markdown code fence one backtick longer than any run inside, so nothing closes it early. */
export function fenceFor(content: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
}

/** Text with exactly one trailing newline added when missing (fences close on their own line). */
export function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
