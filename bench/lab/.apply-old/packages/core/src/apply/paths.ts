import type { ApplyFailure } from './types';

export type CheckedPath = { ok: true; path: string } | { ok: false; reason: ApplyFailure };

const refuse = (
  code: 'PATH_OUTSIDE' | 'PATH_GIT' | 'PATH_INVALID',
  path: string,
  message: string,
): CheckedPath => ({ ok: false, reason: { code, params: { path }, message } });

// macOS (HFS+, APFS) ignores these code points in names; Windows (NTFS) ends a name at `:`
// (an alternate data stream: `.git::$INDEX_ALLOCATION` is the folder itself) and drops
// trailing dots and spaces; 8.3 short names spell `.git` as `GIT~1`. Decision 091.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const SHORT_NAME = /^git~\d+$/;

/**
 * Whether a file system on some platform takes this path segment for `.git`, as git's own
 * `is_hfs_dotgit` and `is_ntfs_dotgit` do (a superset: every default-ignorable code point,
 * any `git~N` short name).
 */
export function isDotGitSegment(segment: string): boolean {
  const name = segment
    .toLowerCase()
    .replace(IGNORABLE, '')
    .replace(/:.*$/s, '')
    .replace(/[. ]+$/, '');
  return name === '.git' || SHORT_NAME.test(name);
}

/**
 * Whether an answer may write `path`, and its normal form (forward slashes, no `.` or
 * empty segments). Refused whatever the answer says: a path that leaves the project
 * (`..` or any segment of dots and spaces only, absolute, a drive letter, `~`), one that
 * enters `.git/` at any depth under any spelling a platform accepts for it
 * (`isDotGitSegment`), and one with control characters.
 * A backslash counts as a separator, because Windows treats it as one.
 */
export function checkApplyPath(path: string): CheckedPath {
  const known = checked.get(path);
  if (known) return known;
  // An answer of many blocks names the same few paths again and again.
  if (checked.size >= CHECKED_KEPT) checked.clear();
  const result = checkPath(path);
  checked.set(path, result);
  return result;
}

/** Paths checked lately (their results are never changed by callers). */
const checked = new Map<string, CheckedPath>();
const CHECKED_KEPT = 4_096;

function checkPath(path: string): CheckedPath {
  const raw = path.trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (raw === '' || /[\u0000-\u001f\u007f]/.test(raw)) {
    return refuse('PATH_INVALID', path, `${JSON.stringify(path)} is not a file path`);
  }
  const slashed = raw.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed) || slashed.startsWith('~')) {
    return refuse('PATH_OUTSIDE', raw, `${raw} is outside the project folder`);
  }
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  // Windows drops trailing dots and spaces, so `.. ` is `..` there: a segment of dots and
  // spaces only (ignorable code points aside) never names a file.
  if (segments.some((segment) => /^[. ]+$/.test(segment.replace(IGNORABLE, '')))) {
    return refuse('PATH_OUTSIDE', raw, `${raw} is outside the project folder`);
  }
  if (segments.length === 0) {
    return refuse('PATH_INVALID', raw, `${JSON.stringify(path)} is not a file path`);
  }
  if (segments.some(isDotGitSegment)) {
    return refuse('PATH_GIT', raw, `${raw} is inside .git/, which is never written`);
  }
  return { ok: true, path: segments.join('/') };
}
