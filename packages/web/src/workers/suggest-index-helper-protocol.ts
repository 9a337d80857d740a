/**
 * Messages between the suggestion index worker and the helper it starts to index half of a
 * build's groups (suggest-index-helper.worker.ts).
 */
import type { FileIndexEntry } from '@promptloom/core';

export type HelperRequest =
  /** Index these texts (null: a file not indexed), in order. */
  | { type: 'index'; id: number; paths: string[]; texts: (string | null)[] }
  | { type: 'typing'; key: number }
  | { type: 'drawn'; key: number };

export type HelperReply = { type: 'indexed'; id: number; entries: (FileIndexEntry | null)[] };
