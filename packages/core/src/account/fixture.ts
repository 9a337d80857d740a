import type { AccountExportInput } from '../contract/account';

/** The time every date of the fixture holds. */
export const FIXTURE_NOW = '2026-11-25T10:00:00.000Z';

/** An exported block, a plain STATIC one unless `over` says otherwise. */
export const exportedBlock = (
  id: string,
  over: Partial<AccountExportInput['blocks'][number]> = {},
): AccountExportInput['blocks'][number] => ({
  id,
  name: 'Reviewer',
  description: null,
  content: 'Review the code.',
  type: 'STATIC',
  color: null,
  category: null,
  isSystemBlock: false,
  createdAt: FIXTURE_NOW,
  updatedAt: FIXTURE_NOW,
  subscription: null,
  ...over,
});

/**
 * A minimal valid account export, for the tests of what reads one: a block, a system block
 * and one composition of them (the default). One fixture, so a new field of the format is
 * added once.
 */
export function accountExportFile(over: Partial<AccountExportInput> = {}): AccountExportInput {
  return {
    format: 'promptloom-account-export',
    version: 1,
    exportedAt: FIXTURE_NOW,
    account: {
      name: 'Ada',
      email: null,
      avatarUrl: null,
      provider: 'local',
      createdAt: FIXTURE_NOW,
    },
    blocks: [
      exportedBlock('b1'),
      exportedBlock('sys', { isSystemBlock: true, type: 'PROJECT_INFO' }),
    ],
    compositions: [
      {
        id: 'c1',
        name: 'Review',
        blockIds: ['b1', 'sys', 'b1'],
        createdAt: FIXTURE_NOW,
        updatedAt: FIXTURE_NOW,
      },
    ],
    settings: { globalIgnorePatterns: [], defaultCompositionId: 'c1' },
    sharedItems: [],
    likes: [],
    accessTokens: [],
    privateLinksOpened: [],
    ...over,
  };
}
