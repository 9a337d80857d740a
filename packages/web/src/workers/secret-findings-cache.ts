import { hashText } from '@promptloom/core';
import type { ScannedFile, SecretFinding } from '@promptloom/core/secrets';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Secret findings kept between visits (decision 064), beside the token counts: one record per
 * scanned text and rule release — its hash and its findings, which are offsets and a kind,
 * never the secret or the text. Opened by the scan worker (which fills it) and by the page
 * (which empties it at logout).
 */
const FINDINGS_DB = 'promptloom-secret-findings';
const STORE = 'findings';

interface StoredFindings {
  /** cyrb53 of the scanned text with its length (core's hashText). */
  hash: string;
  findings: SecretFinding[];
}

interface FindingsDb extends DBSchema {
  findings: { key: string; value: StoredFindings };
}

export function openFindingsDb(): Promise<IDBPDatabase<FindingsDb>> {
  return openDB<FindingsDb>(FINDINGS_DB, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
}

/**
 * Scans `files` with `scan`, answering the texts scanned before (same rule release, same
 * path, same hash) from the database: only new or edited texts are scanned. Findings in file
 * order, as `scan` gives them. Without the database every text is scanned.
 */
export async function scanWithCache(
  files: readonly ScannedFile[],
  release: string,
  scan: (files: ScannedFile[]) => Promise<SecretFinding[]>,
  database: IDBPDatabase<FindingsDb> | null,
): Promise<SecretFinding[]> {
  if (!database) return scan([...files]);
  const keys = files.map((file) => `${release}\u0000${file.path}`);
  const hashes = files.map((file) => hashText(file.content));
  const read = database.transaction(STORE);
  const stored = await Promise.all(keys.map((key) => read.store.get(key)));
  const known = stored.map((record, i) =>
    record && record.hash === hashes[i] ? record.findings : null,
  );
  const missing = files.filter((_, i) => known[i] === null);
  const found = missing.length > 0 ? await scan(missing) : [];
  const byPath = new Map<string, SecretFinding[]>(missing.map((file) => [file.path, []]));
  for (const finding of found) byPath.get(finding.path)?.push(finding);
  if (missing.length > 0) {
    const write = database.transaction(STORE, 'readwrite');
    files.forEach((file, i) => {
      if (known[i] === null) {
        void write.store.put({ hash: hashes[i]!, findings: byPath.get(file.path)! }, keys[i]);
      }
    });
    await write.done;
  }
  return files.flatMap((file, i) => known[i] ?? byPath.get(file.path)!);
}
