/**
 * How a prompt reads. Every format renders the same segments (prompt/assemble), so the
 * counting, the history and the CLI agree on the text whatever the format.
 */
export const PROMPT_FORMATS = ['sections', 'xml', 'markdown', 'plain'] as const;
export type PromptFormat = (typeof PROMPT_FORMATS)[number];

/** The default output: the original sections. */
export const DEFAULT_PROMPT_FORMAT: PromptFormat = 'sections';

export function isPromptFormat(value: unknown): value is PromptFormat {
  return typeof value === 'string' && (PROMPT_FORMATS as readonly string[]).includes(value);
}
