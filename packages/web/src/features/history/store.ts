import type { FileStat } from '@promptloom/core';
import { create } from 'zustand';
import type { GeneratedPromptEvent } from '../workspace';
import { prependEntry, removeEntry } from './lib/history-list';
import type { HistoryStorage } from './lib/history-storage';
import type { HistoryEntry } from './types';

export interface HistoryState {
  /** Project name -> its entries, newest first (only projects loaded in this tab). */
  byProject: Record<string, HistoryEntry[]>;
}

/** Told whenever a project's latest entry changes (change detection follows it). */
export type LatestSnapshotListener = (
  projectName: string,
  snapshot: Record<string, FileStat> | null,
) => void;

const EMPTY: HistoryEntry[] = [];

/**
 * The history of each project, read from and written through a HistoryStorage. The
 * zustand state mirrors what is stored; every write goes to storage first so the view
 * never shows an entry that would vanish on reload.
 */
export function createHistoryStore(
  storage: HistoryStorage,
  {
    onLatestChange = () => undefined,
    onWrite = () => undefined,
  }: {
    onLatestChange?: LatestSnapshotListener;
    /** After every write of a project's history (other tabs re-read it). */
    onWrite?: (projectName: string | null) => void;
  } = {},
) {
  const useStore = create<HistoryState>(() => ({ byProject: {} }));

  const setProject = (projectName: string, entries: HistoryEntry[], wrote = true) => {
    const known = projectName in useStore.getState().byProject;
    const before = useStore.getState().byProject[projectName]?.[0];
    useStore.setState((s) => ({ byProject: { ...s.byProject, [projectName]: entries } }));
    const latest = entries[0];
    // Change detection recomputes only when the latest entry really changed.
    if (!known || latest?.id !== before?.id) {
      onLatestChange(projectName, latest?.fileStructureSnapshot ?? null);
    }
    if (wrote) onWrite(projectName);
  };

  const actions = {
    useStore,
    /** The stored entries of a project (an empty list until loaded). */
    entries(projectName: string): HistoryEntry[] {
      return useStore.getState().byProject[projectName] ?? EMPTY;
    },
    /** Projects this tab holds a copy of. */
    loadedProjects(): string[] {
      return Object.keys(useStore.getState().byProject);
    },
    /** (Re)reads a project's history from storage. */
    async load(projectName: string): Promise<HistoryEntry[]> {
      const entries = await storage.read(projectName);
      setProject(projectName, entries, false);
      return entries;
    },
    /** Prompt generation success: a new entry at the front, capped per project. */
    async add(event: GeneratedPromptEvent, now = Date.now()): Promise<HistoryEntry> {
      const entry: HistoryEntry = { ...event, id: crypto.randomUUID(), timestamp: now };
      const entries = await storage.update(event.projectName, (list) => prependEntry(list, entry));
      setProject(event.projectName, entries);
      return entry;
    },
    async remove(projectName: string, id: string): Promise<void> {
      setProject(projectName, await storage.update(projectName, (list) => removeEntry(list, id)));
    },
    async clear(projectName: string): Promise<void> {
      setProject(projectName, await storage.update(projectName, () => []));
    },
    /** Logout: every project's history goes. */
    async clearAll(): Promise<void> {
      const known = Object.keys(useStore.getState().byProject);
      await storage.clearAll();
      useStore.setState({ byProject: {} });
      for (const projectName of known) onLatestChange(projectName, null);
      onWrite(null);
    },
  };
  return actions;
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
