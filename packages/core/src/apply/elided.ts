/**
 * A line where the model left code out instead of writing it: a comment that is only an
 * ellipsis with words around it (`// ... existing code ...`, `# ...`, `/* ... *\/`,
 * `<!-- ... -->`, `{/* ... *\/}`), or a short comment saying the rest is unchanged.
 * Writing such a line would delete the code it stands for, so the block is refused.
 * A line the file already holds is never taken for one (the caller checks).
 */
const COMMENT = /^(?:\{?\/\*+|\/\/+|#+|<!--|--|;+|%+)\s*(.*?)\s*(?:\*+\/\}?|-->)?$/;
const ELLIPSIS = /^(?:\.{3}|…)[\w\s'’,.()-]*$/;
const UNCHANGED =
  /^(?:\(?\s*)(?:\.{3}\s*)?(?:rest of (?:the )?(?:file|code|function|class|component|module|implementation)|existing (?:code|implementation|methods|imports)|(?:the )?same as (?:before|above)|unchanged|remaining (?:code|methods))\b[\w\s'’,.()-]{0,40}$/i;

/**
 * Cheap first tests, run on every line an edit writes: a marker is a comment (so it starts
 * with a character a comment of COMMENT starts with) and holds an ellipsis or one of these words.
 */
const COMMENT_START = /^\s*[{/#<;%-]/;
const HINT = /\.\.\.|…|rest of|existing|same as|unchanged|remaining/i;

export function isElisionMarker(line: string): boolean {
  if (!COMMENT_START.test(line) || !HINT.test(line)) return false;
  const text = line.trim();
  if (text === '...' || text === '…') return false; // valid code in Python, JS spreads, etc.
  const comment = COMMENT.exec(text);
  if (!comment) return false;
  const body = (comment[1] ?? '').trim();
  return ELLIPSIS.test(body) || UNCHANGED.test(body);
}

/**
 * The first line of `added` that elides code and is not already among `existing` (asked for
 * only when such a line turns up), or null.
 */
export function findElision(
  added: readonly string[],
  existing: () => Iterable<string>,
): string | null {
  let known: Set<string> | null = null;
  for (const line of added) {
    if (!isElisionMarker(line)) continue;
    known ??= new Set([...existing()].map((text) => text.trim()));
    if (!known.has(line.trim())) return line.trim();
  }
  return null;
}
