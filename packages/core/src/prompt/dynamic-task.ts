/** The two parts of a DYNAMIC_TASK block around the user's final request. */
export interface DynamicTaskContent {
  prefix: string;
  suffix: string;
}

/**
 * Reads a DYNAMIC_TASK block's content. Tolerant: blank text gives empty parts, text
 * that is not the expected JSON object is kept whole as the prefix, and a missing or
 * non-string part is empty — a hand-written or legacy block never breaks generation.
 */
export function parseDynamicTaskContent(content: string | null | undefined): DynamicTaskContent {
  const text = content ?? '';
  if (text.trim() === '') return { prefix: '', suffix: '' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { prefix: text, suffix: '' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { prefix: text, suffix: '' };
  }
  const { prefix, suffix } = parsed as Record<string, unknown>;
  return {
    prefix: typeof prefix === 'string' ? prefix : '',
    suffix: typeof suffix === 'string' ? suffix : '',
  };
}

/** Writes the content stored for a DYNAMIC_TASK block. */
export function serializeDynamicTaskContent({ prefix, suffix }: DynamicTaskContent): string {
  return JSON.stringify({ prefix, suffix });
}
