import { failedFile, failure } from './failures';
import { failLinked } from './freed-paths';
import type { ApplyFailure, ApplyPlan } from './types';

/** Why the caller refuses a path it found on disk (a link on the way, a file in the way). */
export const pathRefusal = {
  link: (path: string, link: string) => failure('PATH_LINK', { path, link }),
  clash: (path: string, at: string) => failure('PATH_CLASH', { path, at }),
  notAFile: (path: string) => failure('PATH_INVALID', { path }),
};

/**
 * Files of a plan that would clash with each other on disk: a file it writes at a path
 * another file it writes needs as a folder (`a` and `a/b.ts`). Both are refused, at
 * planning, so that a write never stops half-way on a file where a folder is needed.
 */
export function planClashes(plan: ApplyPlan): Map<string, ApplyFailure> {
  const written = new Set(
    plan.files
      .filter((file) => file.status !== 'failed' && file.after !== null)
      .map((file) => file.path),
  );
  const clashes = new Map<string, ApplyFailure>();
  for (const path of written) {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      if (!written.has(folder)) continue;
      clashes.set(path, pathRefusal.clash(path, folder));
      clashes.set(folder, pathRefusal.clash(folder, folder));
    }
  }
  return clashes;
}

/**
 * Marks the planned files whose path (or rename source) is in `refused` as failed and
 * untouched, with the reason first, and the files linked to them (they move together).
 */
export function refusePlannedFiles(
  plan: ApplyPlan,
  refused: ReadonlyMap<string, ApplyFailure>,
): ApplyPlan {
  if (refused.size === 0) return plan;
  const files = plan.files.map((file) => {
    const reasons = [file.path, file.oldPath]
      .map((path) => (path === undefined ? undefined : refused.get(path)))
      .filter((reason): reason is ApplyFailure => reason !== undefined);
    if (reasons.length === 0) return file;
    return failedFile(file, [...reasons, ...file.failures]);
  });
  return { ...plan, files: failLinked(files) };
}
