import { type FileText, looksBinary } from '@promptloom/core';

// The planner keeps a BOM only if the text holds it (ignoreBOM), and a file that is not
// valid UTF-8 would be rewritten with replacement characters: it counts as binary (fatal).
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A file's bytes as the planner reads them: the exact text, or binary (never edited). The
 * apply worker and the page decode the same bytes with it, and must agree.
 */
export function toFileText(bytes: Uint8Array): FileText {
  if (looksBinary(bytes)) return { text: '', binary: true };
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return { text: '', binary: true };
  }
}
