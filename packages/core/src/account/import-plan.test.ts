import { describe, expect, it } from 'vitest';
import { accountExportSchema } from '../contract/account';
import { accountExportFile, exportedBlock, FIXTURE_NOW } from './fixture';
import { accountImportUsage, addUsage, mergeImportedIgnorePatterns } from './import-plan';

const codeOf = (input: unknown) => {
  const result = accountExportSchema.safeParse(input);
  return result.success ? null : result.error.issues.map((i) => i.message.split('|')[0]);
};

describe('the account export schema', () => {
  it('reads a well-formed file', () => {
    expect(codeOf(accountExportFile())).toBeNull();
  });

  it('names what is wrong with a file that is not an export, or of another version', () => {
    expect(codeOf({ ...accountExportFile(), format: 'something-else' })).toContain(
      'ACCOUNT_IMPORT_NOT_EXPORT',
    );
    expect(codeOf({ ...accountExportFile(), version: 2 })).toContain('ACCOUNT_IMPORT_VERSION');
  });

  it('refuses references to blocks or compositions the file does not hold, and twins', () => {
    const dangling = accountExportFile({
      compositions: [
        { id: 'c1', name: 'R', blockIds: ['nope'], createdAt: FIXTURE_NOW, updatedAt: FIXTURE_NOW },
      ],
    });
    expect(codeOf(dangling)).toEqual(['ACCOUNT_IMPORT_REFERENCE']);
    const sys = exportedBlock('sys', { isSystemBlock: true, type: 'PROJECT_INFO' });
    const twice = accountExportFile({ blocks: [exportedBlock('b1'), exportedBlock('b1'), sys] });
    expect(codeOf(twice)).toEqual(['ACCOUNT_IMPORT_REFERENCE']);
    const noDefault = accountExportFile({
      settings: { globalIgnorePatterns: [], defaultCompositionId: 'gone' },
    });
    expect(codeOf(noDefault)).toEqual(['ACCOUNT_IMPORT_REFERENCE']);
  });

  it('holds blocks to the rules of the block form', () => {
    expect(
      codeOf(accountExportFile({ blocks: [exportedBlock('b1', { content: ' ' })] })),
    ).toContain('BLOCK_CONTENT_EMPTY');
    expect(
      codeOf(accountExportFile({ blocks: [exportedBlock('b1', { name: 'x'.repeat(256) })] })),
    ).toContain('BLOCK_NAME_TOO_LONG');
  });
});

describe('accountImportUsage', () => {
  it('counts the blocks but the system ones, the compositions and their text in code points', () => {
    const file = accountExportSchema.parse(
      accountExportFile({
        blocks: [
          exportedBlock('b1', { name: 'é😀', content: 'abc', category: 'Cat', description: 'd' }),
          exportedBlock('sys', { isSystemBlock: true, type: 'PROJECT_INFO', content: 'ignored' }),
        ],
      }),
    );
    // 'é😀' is 2 code points (3 UTF-16 units), like PostgreSQL's char_length.
    expect(accountImportUsage(file)).toEqual({
      blocks: 1,
      compositions: 1,
      sharedItems: 0,
      storedChars: 2 + 1 + 3 + 3 + 'Review'.length,
    });
    expect(addUsage(accountImportUsage(file), accountImportUsage(file)).blocks).toBe(2);
  });
});

describe('mergeImportedIgnorePatterns', () => {
  it('merges category by category, keeping the account’s own lines first', () => {
    const merged = mergeImportedIgnorePatterns(
      ['*.log', '# Node', 'node_modules/'],
      ['*.tmp', '*.log', '# Node', 'dist/', '# Python', '__pycache__/'],
    );
    expect(merged).toEqual({
      lines: ['*.log', '*.tmp', '# Node', 'node_modules/', 'dist/', '# Python', '__pycache__/'],
      added: 3,
    });
  });

  it('answers null when the merged list would pass the line limit', () => {
    const many = Array.from({ length: 1_500 }, (_, i) => `a${i}`);
    const more = Array.from({ length: 1_500 }, (_, i) => `b${i}`);
    expect(mergeImportedIgnorePatterns(many, more)).toBeNull();
  });
});
