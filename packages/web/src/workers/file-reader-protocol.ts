import type { DecodedFile } from '@promptloom/core/files/read';

/**
 * Messages between the page and the file-reader worker (file-reader.worker.ts): the files
 * read together, as one buffer of their bytes or, with a size cap, as each file's text.
 */
export interface FileReadRequest {
  id: number;
  files: File[];
  /** Present: answer each file's text (checked against this cap), not the bytes. */
  limitBytes?: number;
}

export type FileReadReply =
  | { id: number; buffer: ArrayBuffer }
  /** In the files' order; null when a file changed since it was picked (read each alone). */
  | { id: number; texts: DecodedFile[] | null }
  | { id: number; error: string };
