import { lstat, readFile, realpath } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { looksBinary, type ApplyFailure, type ApplyPlan, type FileText } from '@promptloom/core';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const inside = (root: string, path: string) => path === root || path.startsWith(root + sep);

/** The real path of `path`, or of its nearest existing folder when it does not exist. */
async function resolveExisting(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : resolveExisting(parent);
  }
}

/** The bytes of a file under the project, or null when it does not exist. */
export async function readBytes(root: string, path: string): Promise<Uint8Array | null> {
  try {
    return await readFile(join(root, path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Reads the files an answer touches. A file that is not UTF-8 text (a NUL byte, invalid
 * UTF-8) is passed as binary, so it is never edited; the BOM stays in the text. Paths that
 * a symbolic link leads out of the project, or that are folders, are refused (`refused`).
 */
export async function readProjectFiles(
  root: string,
  paths: string[],
): Promise<{ files: Map<string, FileText | null>; refused: Map<string, ApplyFailure> }> {
  const files = new Map<string, FileText | null>();
  const refused = new Map<string, ApplyFailure>();
  for (const path of paths) {
    const absolute = join(root, path);
    if (!inside(root, await resolveExisting(absolute))) {
      const message = `${path} leads outside the project folder (a symbolic link)`;
      refused.set(path, { code: 'PATH_OUTSIDE', params: { path }, message });
      continue;
    }
    const stat = await lstat(absolute).catch(() => null);
    if (stat?.isDirectory()) {
      refused.set(path, { code: 'PATH_INVALID', params: { path }, message: `${path} is a folder` });
      continue;
    }
    const bytes = await readBytes(root, path);
    if (bytes === null) {
      files.set(path, null);
      continue;
    }
    if (looksBinary(bytes)) {
      files.set(path, { text: '', binary: true });
      continue;
    }
    try {
      files.set(path, { text: utf8.decode(bytes) });
    } catch {
      files.set(path, { text: '', binary: true });
    }
  }
  return { files, refused };
}

/** Marks the planned files whose path (or rename source) was refused as failed, untouched. */
export function refuseFiles(plan: ApplyPlan, refused: Map<string, ApplyFailure>): ApplyPlan {
  if (refused.size === 0) return plan;
  const files = plan.files.map((file) => {
    const reasons = [file.path, file.oldPath]
      .map((path) => (path === undefined ? undefined : refused.get(path)))
      .filter((reason): reason is ApplyFailure => reason !== undefined);
    if (reasons.length === 0) return file;
    return {
      ...file,
      status: 'failed' as const,
      after: file.before,
      added: 0,
      removed: 0,
      failures: [...reasons, ...file.failures],
    };
  });
  return { ...plan, files };
}
