import type { GeneratedPromptEvent } from '../workspace';

/**
 * History entry: what one generation produced and the state it came from.
 * `fileStructureSnapshot` (path -> size, mtime) feeds change detection;
 * `fileContentSnapshot` (path -> text) holds only the files written into the prompt,
 * so storage stays bounded by the prompt itself.
 */
export interface HistoryEntry extends GeneratedPromptEvent {
  id: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}
