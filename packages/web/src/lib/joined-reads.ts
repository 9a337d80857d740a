/**
 * Reading many small files as one Blob: a read per File costs a round trip to the browser
 * process, which for small files costs more than their bytes (decision 050). Shared by the
 * page's file-reader, its worker and the folder-listing worker.
 */
import { type DecodedFile, decodeFile } from '@promptloom/core/files/read';

/** Consecutive files in groups of about `limit` bytes (a larger file stands alone). */
export function groupBySize<Item>(
  items: readonly Item[],
  sizeOf: (item: Item) => number,
  limit: number,
): Item[][] {
  const groups: Item[][] = [];
  let group: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    if (group.length > 0 && bytes + sizeOf(item) > limit) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(item);
    bytes += sizeOf(item);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * The files' bytes read in one go, with where each file starts; null when the bytes read are
 * not what the files' sizes announced (one changed since it was picked): read them one by one.
 */
export async function readJoined(
  files: readonly File[],
): Promise<{ buffer: ArrayBuffer; offsets: number[] } | null> {
  const buffer = await new Blob(files as File[]).arrayBuffer();
  const offsets: number[] = [];
  let at = 0;
  for (const file of files) {
    offsets.push(at);
    at += file.size;
  }
  return at === buffer.byteLength ? { buffer, offsets } : null;
}

/**
 * Each file's bytes, a view into one joined read, the files at or under the cap read together
 * and those above it not read at all (null); null when the bytes read are not what the files'
 * sizes announced (read them one by one). Undecoded: a reader that decodes each file only
 * when it uses it keeps no string of a file it has not come to yet.
 */
export async function readBytes(
  files: readonly File[],
  limitBytes: number,
): Promise<(Uint8Array | null)[] | null> {
  const kept = files.filter((file) => file.size <= limitBytes);
  const views: Uint8Array[] = [];
  if (kept.length === 1) {
    // Alone, whatever it holds now is its text.
    views.push(new Uint8Array(await kept[0]!.arrayBuffer()));
  } else if (kept.length > 1) {
    const joined = await readJoined(kept);
    if (!joined) return null;
    kept.forEach((file, i) =>
      views.push(new Uint8Array(joined.buffer, joined.offsets[i], file.size)),
    );
  }
  let next = 0;
  return files.map((file) => (file.size > limitBytes ? null : views[next++]!));
}

/**
 * Each file's text (decodeFile: cap, binary sniff, decoding), the files at or under the cap
 * read together and those above it not read at all; null when the bytes read are not what
 * the files' sizes announced (read them one by one).
 */
export async function readTexts(
  files: readonly File[],
  limitBytes: number,
): Promise<DecodedFile[] | null> {
  const bytes = await readBytes(files, limitBytes);
  return (
    bytes?.map((view) => (view ? decodeFile(view, limitBytes) : { skip: 'too-large' as const })) ??
    null
  );
}
