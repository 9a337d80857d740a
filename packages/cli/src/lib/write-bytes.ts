import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Writes `chunks` in order to `file`, created or truncated as writeFileSync does (same mode,
 * same errors): the prompt's bytes as the packer kept them, never joined into one buffer.
 */
export function writeBytes(file: string, chunks: readonly Uint8Array[]): void {
  const fd = openSync(file, 'w');
  try {
    for (const chunk of chunks) {
      // A write may take fewer bytes than asked.
      for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at, chunk.length - at);
    }
  } finally {
    closeSync(fd);
  }
}
