import { redactLike, type ReadResult } from '@promptloom/core';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { HistoryStore } from '../store';
import { showDiff } from './diff-store';

/** Diff messages, as keys of the 'history.diffErrors' section. */
export type DiffError =
  | 'noHistoryForDiff'
  | 'noSnapshotForDiff'
  | 'fileNotInSnapshot'
  | 'fileNotFound'
  | 'cannotReadFile'
  | 'errorFetchingFile';

export interface DiffSources {
  history: Pick<HistoryStore, 'entries' | 'load'>;
  /** The current text of a project file (the workspace's FileProvider); null: no project. */
  readCurrentFile: (path: string) => Promise<ReadResult | null>;
}

export type DiffOutcome =
  | {
      ok: true;
      filePath: string;
      oldContent: string;
      newContent: string;
      snapshotAt: number;
      /** Secrets of the current text are shown redacted, as the last prompt held them. */
      redacted: boolean;
    }
  | {
      ok: false;
      error: DiffError;
      /** The last prompt's side, when that is known but the current one could not be read. */
      earlier?: { oldContent: string; snapshotAt: number };
    };

// Both providers name a missing file so: Chromium's NotFoundError text, the upload provider's.
const NOT_FOUND = /not (be )?found/i;

/**
 * The two sides of a file's diff: its content in the latest history entry against its
 * content now. Every way it can fail maps to one of the diff errors above.
 */
export async function resolveDiff(
  projectName: string,
  path: string,
  sources: DiffSources,
): Promise<DiffOutcome> {
  let entries = sources.history.entries(projectName);
  if (entries.length === 0) entries = await sources.history.load(projectName);
  const latest = entries[0];
  if (!latest) return { ok: false, error: 'noHistoryForDiff' };
  const snapshot = latest.fileContentSnapshot;
  if (!snapshot || Object.keys(snapshot).length === 0) {
    return { ok: false, error: 'noSnapshotForDiff' };
  }
  if (!Object.hasOwn(snapshot, path)) return { ok: false, error: 'fileNotInSnapshot' };
  const oldContent = snapshot[path] ?? '';
  const earlier = { oldContent, snapshotAt: latest.timestamp };
  let current: ReadResult | null;
  try {
    current = await sources.readCurrentFile(path);
  } catch (error) {
    console.error('Reading the current file for a diff failed', error);
    return { ok: false, error: 'errorFetchingFile', earlier };
  }
  if (!current) return { ok: false, error: 'errorFetchingFile', earlier };
  if (!current.ok) {
    console.warn(current.message);
    const missing = current.reason === 'unreadable' && NOT_FOUND.test(current.message);
    return { ok: false, error: missing ? 'fileNotFound' : 'cannotReadFile', earlier };
  }
  // The secrets that prompt redacted are compared as redacted, so only real changes show.
  const newContent = redactLike(oldContent, current.text);
  return {
    ok: true,
    filePath: path,
    oldContent,
    newContent,
    snapshotAt: latest.timestamp,
    redacted: newContent !== current.text,
  };
}

/**
 * Opens the diff viewer. When the current side cannot be read, the viewer still opens on
 * the last prompt's version with the reason; only without any earlier version (the Diff
 * button is not offered then) does an error toast stand alone.
 */
export async function openDiff(
  projectName: string,
  path: string,
  sources: DiffSources,
): Promise<void> {
  let outcome: DiffOutcome;
  try {
    outcome = await resolveDiff(projectName, path, sources);
  } catch (error) {
    console.error('Preparing a diff failed', error);
    outcome = { ok: false, error: 'errorFetchingFile' };
  }
  if (!outcome.ok) {
    const message = i18n.t(`history.diffErrors.${outcome.error}`, { path });
    if (!outcome.earlier) {
      toast.error(message);
      return;
    }
    showDiff({
      filePath: path,
      ...outcome.earlier,
      newContent: '',
      redacted: false,
      unavailable: message,
    });
    return;
  }
  const { ok: _ok, ...state } = outcome;
  showDiff({ ...state, unavailable: null });
}
