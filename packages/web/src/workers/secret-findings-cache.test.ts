import 'fake-indexeddb/auto';
import type { ScannedFile, SecretFinding } from '@promptloom/core/secrets';
import { describe, expect, it } from 'vitest';
import { openFindingsDb, scanWithCache } from './secret-findings-cache';

/** A stand-in scan: a finding wherever `ghp_` appears; records what it was given. */
function fakeScan(scanned: string[]) {
  return (files: ScannedFile[]): Promise<SecretFinding[]> => {
    scanned.push(...files.map((file) => file.path));
    return Promise.resolve(
      files.flatMap((file) => {
        const start = file.content.indexOf('ghp_');
        return start === -1
          ? []
          : [
              {
                path: file.path,
                line: 1,
                column: start + 1,
                kind: 'github',
                start,
                end: start + 8,
              },
            ];
      }),
    );
  };
}

describe('the secret findings cache', () => {
  it('scans only new or edited texts, keeps file order, and stores no secret', async () => {
    const database = await openFindingsDb();
    const files = [
      { path: 'a.ts', content: 'const token = "ghp_1234";\n' },
      { path: 'b.ts', content: 'export {};\n' },
    ];
    const scanned: string[] = [];
    const first = await scanWithCache(files, 'rules@1', fakeScan(scanned), database);
    expect(scanned).toEqual(['a.ts', 'b.ts']);
    expect(first.map((f) => f.path)).toEqual(['a.ts']);

    // Again, with b.ts edited (same length): only it is scanned; a.ts's finding comes back.
    scanned.length = 0;
    const edited = [files[0]!, { path: 'b.ts', content: 'ghp_9876;\n' }];
    const again = await scanWithCache(edited, 'rules@1', fakeScan(scanned), database);
    expect(scanned).toEqual(['b.ts']);
    expect(again.map((f) => f.path)).toEqual(['a.ts', 'b.ts']);
    expect(again[0]).toEqual(first[0]);

    // Another rule release scans everything again.
    scanned.length = 0;
    await scanWithCache(edited, 'rules@2', fakeScan(scanned), database);
    expect(scanned).toEqual(['a.ts', 'b.ts']);

    const stored = JSON.stringify(await database.getAll('findings'));
    expect(stored).not.toContain('ghp_');
    database.close();
  });

  it('scans everything without a database', async () => {
    const scanned: string[] = [];
    await scanWithCache([{ path: 'a.ts', content: 'x' }], 'rules@1', fakeScan(scanned), null);
    expect(scanned).toEqual(['a.ts']);
  });
});
