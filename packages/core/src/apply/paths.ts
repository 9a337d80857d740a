import type { ApplyFailure } from './types';

export type CheckedPath = { ok: true; path: string } | { ok: false; reason: ApplyFailure };

const refuse = (
  code: 'PATH_OUTSIDE' | 'PATH_GIT' | 'PATH_INVALID',
  path: string,
  message: string,
): CheckedPath => ({ ok: false, reason: { code, params: { path }, message } });

/**
 * Whether an answer may write `path`, and its normal form (forward slashes, no `.` or
 * empty segments). Refused whatever the answer says: a path that leaves the project
 * (`..`, absolute, a drive letter, `~`), one that enters `.git/` at any depth (its case
 * ignored, as on macOS and Windows), and one with control characters. A backslash counts
 * as a separator, because Windows treats it as one.
 */
export function checkApplyPath(path: string): CheckedPath {
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
  if (segments.includes('..')) {
    return refuse('PATH_OUTSIDE', raw, `${raw} is outside the project folder`);
  }
  if (segments.length === 0) {
    return refuse('PATH_INVALID', raw, `${JSON.stringify(path)} is not a file path`);
  }
  if (segments.some((segment) => segment.toLowerCase() === '.git')) {
    return refuse('PATH_GIT', raw, `${raw} is inside .git/, which is never written`);
  }
  return { ok: true, path: segments.join('/') };
}
