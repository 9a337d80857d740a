import { fileDiff } from '../apply/patch';
import { detectChanges } from '../changes/changes';
import { redactLike } from '../changes/redacted';
import type { FileProvider } from '../files/provider';
import { readProjectFile } from '../files/read';
import { CHANGES_DIFF_TIMEOUT_MS, FILE_SIZE_LIMIT_BYTES, type Language } from '../limits';
import type { FileStat } from '../tree/types';

/** What the project's last prompt recorded (its history entry). */
export interface PreviousPrompt {
  /** ISO 8601. */
  at: string;
  /** Path -> size and mtime of every file of the tree then. */
  structure: Readonly<Record<string, FileStat>>;
  /** Path -> text of every file written into that prompt. */
  contents: Readonly<Record<string, string>>;
}

export type FileChangeKind = 'added' | 'modified' | 'deleted';

/** What a CHANGES_SINCE_LAST_PROMPT block writes (decision 047). */
export interface ChangesSincePrompt {
  /** null: the project has no earlier prompt to compare with. */
  since: string | null;
  /** A git-style unified diff of every change whose two sides are known ('' when none). */
  diff: string;
  /**
   * Changes whose text cannot be shown: the earlier text was not in the last prompt, or
   * the file is binary, too large or unreadable now.
   */
  unshown: { path: string; change: FileChangeKind }[];
}

export interface CurrentProject {
  provider: FileProvider;
  /** Every file of the tree now (path -> size and mtime). */
  stats: ReadonlyMap<string, FileStat>;
}

/** One file's change as `git diff` writes it; null when equal or past the time limit. */
function changeDiff(path: string, before: string | null, after: string | null): string | null {
  if (before === after) return null;
  const status = before === null ? 'new' : after === null ? 'deleted' : 'modified';
  return fileDiff({ path, status, before, after }, CHANGES_DIFF_TIMEOUT_MS);
}

/**
 * The files added, changed or deleted since the last prompt (size or mtime differs from its
 * snapshot, as the tree's badges say), diffed where both texts are known. A file touched
 * but with the same text is no change.
 */
export async function changesSincePrompt(
  previous: PreviousPrompt | null | undefined,
  current: CurrentProject,
  limitBytes = FILE_SIZE_LIMIT_BYTES,
): Promise<ChangesSincePrompt> {
  // A prompt made without the project's files (standalone) recorded no tree to compare with.
  if (!previous || Object.keys(previous.structure).length === 0) {
    return { since: null, diff: '', unshown: [] };
  }
  const changes = detectChanges(current.stats, previous.structure);
  const kinds = new Map<string, FileChangeKind>();
  for (const path of changes.added) kinds.set(path, 'added');
  for (const path of changes.modified) kinds.set(path, 'modified');
  for (const path of changes.removed) kinds.set(path, 'deleted');
  const paths = [...kinds.keys()].sort();
  const earlier = (path: string) =>
    Object.hasOwn(previous.contents, path) ? previous.contents[path]! : null;

  const results = await Promise.all(
    paths.map(async (path) => {
      const change = kinds.get(path)!;
      const before = change === 'added' ? null : earlier(path);
      if (change !== 'added' && before === null) return { path, change, diff: undefined };
      if (change === 'deleted') return { path, change, diff: changeDiff(path, before, null) };
      const read = await readProjectFile(
        current.provider,
        path,
        current.stats.get(path)?.size,
        limitBytes,
      );
      if (!read.ok) return { path, change, diff: undefined };
      // A secret the last prompt redacted is compared as redacted (decision 063).
      const after = before === null ? read.text : redactLike(before, read.text);
      return { path, change, diff: changeDiff(path, before, after) };
    }),
  );
  const diffs: string[] = [];
  const unshown: ChangesSincePrompt['unshown'] = [];
  for (const { path, change, diff } of results) {
    if (diff === undefined) unshown.push({ path, change });
    else if (diff !== null) diffs.push(diff);
  }
  return { since: previous.at, diff: diffs.join(''), unshown };
}

const TEXTS = {
  en: {
    title: 'Changes since last prompt',
    none: 'This project has no earlier prompt: there is nothing to compare with.',
    unchanged: (at: string) => `No file of the project changed since the last prompt (${at}).`,
    intro: (at: string) =>
      `The files of the project changed since the last prompt (${at}), as a unified diff:`,
    unshown: 'Also changed, without their text (not in the last prompt, binary or too large):',
    onlyUnshown: (at: string) =>
      `The files of the project changed since the last prompt (${at}), without their text (not in that prompt, binary or too large):`,
    kinds: { added: 'added', modified: 'modified', deleted: 'deleted' },
  },
  fr: {
    title: 'Modifications depuis le dernier prompt',
    none: "Ce projet n'a pas de prompt précédent : rien à comparer.",
    unchanged: (at: string) =>
      `Aucun fichier du projet n'a changé depuis le dernier prompt (${at}).`,
    intro: (at: string) =>
      `Les fichiers du projet modifiés depuis le dernier prompt (${at}), en diff unifié :`,
    unshown:
      'Également modifiés, sans leur texte (absent du dernier prompt, binaire ou trop volumineux) :',
    onlyUnshown: (at: string) =>
      `Les fichiers du projet modifiés depuis le dernier prompt (${at}), sans leur texte (absent de ce prompt, binaire ou trop volumineux) :`,
    kinds: { added: 'ajouté', modified: 'modifié', deleted: 'supprimé' },
  },
} as const;

export function changesTitle(language: Language): string {
  return TEXTS[language].title;
}

/**
 * The block's text around its diff, in the blocks' language: `fence` wraps the diff (a
 * Markdown code fence; nothing in XML and plain text, where the diff stands as it is).
 */
export function changesText(
  changes: ChangesSincePrompt,
  language: Language,
  fence: (diff: string) => string = (diff) => diff,
): string {
  const t = TEXTS[language];
  if (changes.since === null) return t.none;
  if (changes.diff === '' && changes.unshown.length === 0) return t.unchanged(changes.since);
  const parts: string[] = [];
  if (changes.diff !== '') parts.push(t.intro(changes.since), fence(changes.diff));
  if (changes.unshown.length > 0) {
    const lines = changes.unshown.map(({ path, change }) => `- ${path} (${t.kinds[change]})`);
    const heading = changes.diff === '' ? t.onlyUnshown(changes.since) : t.unshown;
    parts.push(`${heading}\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}
