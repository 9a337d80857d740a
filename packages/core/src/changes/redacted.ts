import { diffLines } from 'diff';
import { CHANGES_DIFF_TIMEOUT_MS } from '../limits';

/**
 * What the secret gate writes for a redacted secret (`redactionMark` of the secrets entry,
 * which the page does not load before the first scan).
 */
const MARK = /\[REDACTED:[a-z0-9-]+\]/;
/** The same, capturing the kind (split then yields literal, kind, literal, …). */
const MARK_KIND = /\[REDACTED:([a-z0-9-]+)\]/;

/**
 * Whether a text can be what a mark of that kind stands for: a private key is a PEM block
 * (the one kind that spans lines), the other secrets are tokens without white space.
 */
const PEM = /^-----BEGIN [^\n]*-----\n[\s\S]*\n-----END [^\n]*-----$/;
const plausible = (secret: string, kind: string) =>
  kind === 'private-key' ? PEM.test(secret) : /^\S+$/.test(secret);

/**
 * Whether `current` reads as `recorded` once each redaction mark of `recorded` stands for
 * a plausible secret. Literal pieces are found left to right (no regular expression, so no
 * backtracking on a large file); returns `recorded` when so, else null.
 */
function matchAround(recorded: string, current: string): string | null {
  const pieces = recorded.split(MARK_KIND);
  if (pieces.length === 1) return recorded === current ? recorded : null;
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (!current.startsWith(first)) return null;
  let at = first.length;
  for (let i = 1; i < pieces.length - 2; i += 2) {
    const [kind, literal] = [pieces[i]!, pieces[i + 1]!];
    // The secret under the mark is at least one character.
    const found = current.indexOf(literal, at + 1);
    if (found === -1 || !plausible(current.slice(at, found), kind)) return null;
    at = found + literal.length;
  }
  const end = current.length - last.length;
  const lastKind = pieces[pieces.length - 2]!;
  if (end <= at || !current.endsWith(last)) return null;
  return plausible(current.slice(at, end), lastKind) ? recorded : null;
}

/** The longest run of lines a redacted line is tried against (a PEM key is about 30). */
const MAX_SECRET_LINES = 200;

/**
 * Within one changed region: each run of added lines that a redacted removed line stands
 * for (one line, or the lines of a PEM block) becomes that line.
 */
function maskLines(removed: string, added: string): string {
  const whole = matchAround(removed, added);
  if (whole !== null) return whole;
  const masks = removed.split(/(?<=\n)/).filter((line) => MARK.test(line));
  const lines = added.split(/(?<=\n)/);
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    let taken = false;
    for (let j = i; j < Math.min(lines.length, i + MAX_SECRET_LINES) && !taken; j++) {
      const run = lines.slice(i, j + 1).join('');
      const index = masks.findIndex((mask) => matchAround(mask, run) !== null);
      if (index === -1) continue;
      out += masks.splice(index, 1)[0]!;
      i = j;
      taken = true;
    }
    if (!taken) out += lines[i]!;
  }
  return out;
}

/**
 * The current text of a file as the secret gate would have written it into the prompt
 * whose snapshot is `recorded`: each span that a `[REDACTED:<kind>]` mark of the snapshot
 * stands for is that mark again. Comparing the snapshot with this instead of the raw text
 * shows only what really changed; a file that did not change compares equal. Without marks
 * (nothing was redacted) the current text is returned as it is. A secret replaced by
 * another under the same mark is not told apart: the snapshot no longer knows the old one.
 */
export function redactLike(recorded: string, current: string): string {
  if (!MARK.test(recorded)) return current;
  const whole = matchAround(recorded, current);
  if (whole !== null) return whole;
  const parts = diffLines(recorded, current, { timeout: CHANGES_DIFF_TIMEOUT_MS });
  if (!parts) return current;
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    const added = part.removed && next?.added ? next : part.added && next?.removed ? part : null;
    if (added) {
      out += maskLines(added === part ? next!.value : part.value, added.value);
      i++;
    } else if (!part.removed) out += part.value;
  }
  return out;
}
