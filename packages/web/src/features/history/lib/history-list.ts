import { HISTORY_ENTRIES_PER_PROJECT } from '../../../config/limits';
import type { HistoryEntry } from '../types';

/** History: a new entry goes to the front; the list keeps the newest `cap`. */
export function prependEntry(
  list: readonly HistoryEntry[],
  entry: HistoryEntry,
  cap: number = HISTORY_ENTRIES_PER_PROJECT,
): HistoryEntry[] {
  // The same prompt generated again replaces the latest entry (its time moves on): three
  // clicks on Generate keep one entry, not three identical ones.
  const rest = list[0] && samePrompt(list[0], entry) ? list.slice(1) : list;
  return [entry, ...rest.filter((e) => e.id !== entry.id)].slice(0, cap);
}

function samePrompt(a: HistoryEntry, b: HistoryEntry): boolean {
  return (
    a.generatedPrompt === b.generatedPrompt &&
    a.model?.id === b.model?.id &&
    a.model?.budget === b.model?.budget &&
    a.model?.format === b.model?.format
  );
}

export function removeEntry(list: readonly HistoryEntry[], id: string): HistoryEntry[] {
  return list.filter((e) => e.id !== id);
}

/** The stored shape of one project's history; `version` lets a later format migrate it. */
export interface StoredHistory {
  version: typeof HISTORY_STORAGE_VERSION;
  entries: HistoryEntry[];
}

export const HISTORY_STORAGE_VERSION = 1;

/** Reads a stored value defensively: anything unrecognised counts as no history. */
export function parseStoredHistory(value: unknown): HistoryEntry[] {
  if (!value || typeof value !== 'object') return [];
  const stored = value as Partial<StoredHistory>;
  if (stored.version !== HISTORY_STORAGE_VERSION || !Array.isArray(stored.entries)) return [];
  return stored.entries.filter(
    (e): e is HistoryEntry =>
      typeof e === 'object' &&
      typeof e.id === 'string' &&
      typeof e.timestamp === 'number' &&
      typeof e.generatedPrompt === 'string',
  );
}

export function toStoredHistory(entries: HistoryEntry[]): StoredHistory {
  return { version: HISTORY_STORAGE_VERSION, entries };
}
