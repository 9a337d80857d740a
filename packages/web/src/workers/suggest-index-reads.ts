/**
 * How the index worker reads a group of files and each one's text: a group is read as one
 * Blob, its bytes cut at the files' sizes, and each file decoded only when it is indexed.
 */
import { FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { decodeFile } from '@promptloom/core/files/read';
import { readBytes } from '../lib/joined-reads';

/**
 * The group's bytes, read as one Blob (decision 050); a group whose bytes are not what its
 * sizes said is read file by file. null for a too large or unreadable file. Left undecoded:
 * groups are read up to READS_IN_FLIGHT ahead, and texts decoded as they came were all held
 * until their turn (about 4 MB of strings; decision 192).
 */
export async function readGroup(files: File[]): Promise<(Uint8Array | null)[]> {
  const joined = await readBytes(files, FILE_SIZE_LIMIT_BYTES).catch(() => null);
  return (
    joined ??
    Promise.all(
      files.map((file) =>
        readBytes([file], FILE_SIZE_LIMIT_BYTES).then(
          (bytes) => bytes?.[0] ?? null,
          () => null,
        ),
      ),
    )
  );
}

/** A Blob's bytes cut at `sizes`; null when it cannot be read or holds other bytes. */
export async function readWhole(
  blob: Blob,
  sizes: readonly number[],
): Promise<Uint8Array[] | null> {
  const buffer = await blob.arrayBuffer().catch(() => null);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (!buffer || buffer.byteLength !== total) return null;
  let at = 0;
  return sizes.map((size) => new Uint8Array(buffer, (at += size) - size, size));
}

/** A file's text as decodeFile reads it: null for a binary or too large one. */
export function textOf(bytes: Uint8Array | null): string | null {
  const decoded = bytes && decodeFile(bytes, FILE_SIZE_LIMIT_BYTES);
  return decoded && 'text' in decoded ? decoded.text : null;
}
