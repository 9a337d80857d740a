import { FILE_SIZE_LIMIT_BYTES } from '../limits';
import { hasBinaryExtension, looksBinary } from './binary';
import type { FileProvider } from './provider';

export type SkipReason = 'too-large' | 'binary' | 'unreadable';

export type ReadResult =
  | { ok: true; path: string; text: string }
  | { ok: false; path: string; reason: SkipReason; message: string };

/** The (French) message for a file above the size cap; the web shows its own by key. */
export function tooLargeMessage(path: string, limitBytes = FILE_SIZE_LIMIT_BYTES): string {
  const mb = Math.round((limitBytes / 1_048_576) * 100) / 100;
  return `Fichier ignoré car trop volumineux (> ${mb}MB): ${path}`;
}

const decoder = new TextDecoder('utf-8');

/** UTF-8 decode; a leading BOM is dropped (TextDecoder does it by default). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/**
 * Reads one project file as prompt text: skipped when above the size cap (checked on the
 * known size first so the bytes are never loaded), when binary by extension or by a NUL
 * among its first bytes, or when the read fails.
 */
export async function readProjectFile(
  provider: FileProvider,
  path: string,
  knownSize?: number,
  limitBytes = FILE_SIZE_LIMIT_BYTES,
): Promise<ReadResult> {
  if (knownSize !== undefined && knownSize > limitBytes) {
    return { ok: false, path, reason: 'too-large', message: tooLargeMessage(path, limitBytes) };
  }
  if (hasBinaryExtension(path)) {
    return { ok: false, path, reason: 'binary', message: `Binary file left out: ${path}` };
  }
  let bytes: Uint8Array;
  try {
    if (provider.readText)
      return resultOf(path, await provider.readText(path, limitBytes), limitBytes);
    // One byte past the cap is enough to know the file is above it.
    if (provider.readWith)
      return provider.readWith(
        path,
        limitBytes + 1,
        (read) => textOf(path, read, limitBytes),
        knownSize,
      );
    bytes = await provider.readFile(path);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, path, reason: 'unreadable', message: `${path}: ${detail}` };
  }
  return textOf(path, bytes, limitBytes);
}

/**
 * A file's bytes as prompt text, or why they are not: what a provider that decodes where it
 * reads (a worker, off the page's thread) hands back.
 */
export type DecodedFile = { text: string } | { skip: 'too-large' | 'binary' };

/** The size cap, the binary sniff and the decoding, in the order readProjectFile applies them. */
export function decodeFile(bytes: Uint8Array, limitBytes: number): DecodedFile {
  if (bytes.length > limitBytes) return { skip: 'too-large' };
  if (looksBinary(bytes)) return { skip: 'binary' };
  return { text: decodeText(bytes) };
}

function resultOf(path: string, file: DecodedFile, limitBytes: number): ReadResult {
  if ('text' in file) return { ok: true, path, text: file.text };
  if (file.skip === 'too-large') {
    return { ok: false, path, reason: 'too-large', message: tooLargeMessage(path, limitBytes) };
  }
  return { ok: false, path, reason: 'binary', message: `Binary file left out: ${path}` };
}

function textOf(path: string, bytes: Uint8Array, limitBytes: number): ReadResult {
  return resultOf(path, decodeFile(bytes, limitBytes), limitBytes);
}

/**
 * Reads many files in batches of `batchSize` (50) so a huge selection never
 * opens thousands of handles at once; results keep the input order.
 */
export async function* readProjectFiles(
  provider: FileProvider,
  files: readonly { path: string; size?: number }[],
  batchSize: number,
  limitBytes = FILE_SIZE_LIMIT_BYTES,
): AsyncGenerator<ReadResult[]> {
  for (let start = 0; start < files.length; start += batchSize) {
    const batch = files.slice(start, start + batchSize);
    yield await Promise.all(
      batch.map((f) => readProjectFile(provider, f.path, f.size, limitBytes)),
    );
  }
}
