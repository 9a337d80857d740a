/**
 * A line where the model left code out instead of writing it: a comment that is only an
 * ellipsis with words around it (`// ... existing code ...`, `# ...`, `/* ... *\/`,
 * `<!-- ... -->`, `{/* ... *\/}`), or a short comment saying the rest is unchanged.
 * Writing such a line would delete the code it stands for, so the block is refused.
 * A line the file already holds is never taken for one (the caller checks).
 */
const COMMENT_OPEN = /^(?:\{?\/\*+|\/\/+|#+|<!--|--|;+|%+)/;
const ELLIPSIS = /^(?:\.{3}|…)[\w\s'’,.()-]*$/;
const UNCHANGED = new RegExp(
  `^[([]?\\s*(?:\\.{3}\\s*)?(?:${[
    '(?:the )?rest of (?:the |this |your )?(?:file|code|function|class|component|module|implementation|document|content|page|section|config|configuration|tests?|body|script|styles?|template|markup|readme)',
    'existing (?:code|implementation|methods|imports|tests|logic|functions|fields|properties|routes|content|styles|config)',
    '(?:the )?same as (?:before|above)',
    'unchanged',
    'remaining (?:code|methods|tests|functions|content|lines)',
    '(?:all )?other (?:\\w+ ){1,2}(?:remains? |are |stays? )?(?:unchanged|the same|as is)',
    'keep (?:the )?(?:existing|rest)',
    'everything else (?:remains?|stays?|is) (?:unchanged|the same|as is)',
  ].join('|')})\\b[\\w\\s'’,.()\\[\\]-]{0,40}$`,
  'i',
);

const CONTRAST = /\b(?:but|except)\b/i;

/**
 * A comment that goes on from the one above it (`# ... and so the cache can not resolve
 * them`, `# ... while a real cycle is still detected`): after its ellipsis, a conjunction and
 * a clause of at least four more words. Markers are short or name what they stand for, so a
 * body that names code, the rest or the same (OMITTED) is still a marker.
 */
const CONTINUATION =
  /^(?:\.{3}|…)\s*(?:and|but|or|so|while|whereas|because|since|then|which|unless|until|though|although|thus|hence)\s+(?:\S+\s+){3,}\S+$/i;
const OMITTED =
  /\b(?:rest|existing|same|unchanged|remaining|others?|more|etc|omitted|snip|similar|likewise|so (?:on|forth)|as (?:before|above|is)|code|lines|methods|functions|imports|implementation|body|content)\b/i;

/**
 * Cheap first tests, run on every line an edit writes: a marker is a comment (so it starts
 * with a character a comment of COMMENT starts with) and holds an ellipsis or one of these words.
 */
const HINT = /\.\.\.|…|rest of|existing|same|unchanged|remaining|as is/i;

/** White space as `\s` reads it. */
function isSpaceCode(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0xa0 ||
    code === 0x1680 ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Whether the first character after white space opens a comment of COMMENT (`{/#<;%-`):
 * read by code, not by an expression, as this runs on every line an edit writes.
 */
function startsComment(line: string): boolean {
  let k = 0;
  while (k < line.length && isSpaceCode(line.charCodeAt(k))) k++;
  const code = line.charCodeAt(k);
  // { / # < ; % -
  return (
    code === 123 ||
    code === 47 ||
    code === 35 ||
    code === 60 ||
    code === 59 ||
    code === 37 ||
    code === 45
  );
}

export function isElisionMarker(line: string): boolean {
  if (!startsComment(line) || !HINT.test(line)) return false;
  const text = line.trim();
  if (text === '...' || text === '…') return false; // valid code in Python, JS spreads, etc.
  const body = commentBody(text);
  // "same as above, but …": a comment that says how the code differs is code's own.
  if (body === null) return false;
  if (ELLIPSIS.test(body)) return !CONTINUATION.test(body) || OMITTED.test(body);
  return UNCHANGED.test(body) && !CONTRAST.test(body);
}

/**
 * The words of a one-line comment without its opening and closing marks, or null. The
 * closing mark is removed by hand: an expression with a lazy body before an optional
 * `*+\/` backtracks in quadratic time on a long run of spaces or stars (decision 090).
 */
function commentBody(text: string): string | null {
  const open = COMMENT_OPEN.exec(text);
  if (!open) return null;
  let body = text.slice(open[0].length).trimEnd();
  if (body.endsWith('-->')) body = body.slice(0, -3);
  else if (body.endsWith('*/') || body.endsWith('*/}')) {
    body = body.slice(0, body.endsWith('}') ? -2 : -1);
    let stars = body.length;
    while (stars > 0 && body[stars - 1] === '*') stars--;
    body = body.slice(0, stars);
  }
  return body.trim();
}

/**
 * The first line of `added` that elides code and that `holds` does not find already there
 * (the file or the block holds that line, spaces around it aside; asked only for such
 * lines), or null.
 */
export function findElision(
  added: readonly string[],
  holds: (marker: string) => boolean,
): string | null {
  // Indexed, not for…of: before the optimizing compiler each step of an iterator allocates.
  for (let k = 0; k < added.length; k++) {
    const line = added[k]!;
    if (!isElisionMarker(line)) continue;
    const marker = line.trim();
    if (!holds(marker)) return marker;
  }
  return null;
}
