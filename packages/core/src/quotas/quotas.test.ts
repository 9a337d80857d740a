import { describe, expect, it } from 'vitest';
import { QUOTAS } from '../limits';
import { quotaExceeded, type QuotaUsage } from './quotas';

const usage = (over: Partial<QuotaUsage> = {}): QuotaUsage => ({
  blocks: 10,
  compositions: 2,
  sharedItems: 1,
  storedChars: 5_000,
  ...over,
});

describe('quotaExceeded', () => {
  it('lets a write within every limit through, up to the limit itself', () => {
    expect(quotaExceeded(usage(), usage({ blocks: 11 }))).toBeNull();
    expect(
      quotaExceeded(usage(), usage({ blocks: QUOTAS.blocks, storedChars: QUOTAS.storedChars })),
    ).toBeNull();
  });

  it('refuses one block, composition or shared item past the count with 409', () => {
    const full = usage({ blocks: QUOTAS.blocks });
    expect(quotaExceeded(full, { ...full, blocks: QUOTAS.blocks + 1 })).toEqual({
      code: 'QUOTA_BLOCKS',
      status: 409,
    });
    const compositions = usage({ compositions: QUOTAS.compositions });
    expect(
      quotaExceeded(compositions, { ...compositions, compositions: QUOTAS.compositions + 1 }),
    ).toMatchObject({ code: 'QUOTA_COMPOSITIONS' });
    const shared = usage({ sharedItems: QUOTAS.sharedItems });
    expect(quotaExceeded(shared, { ...shared, sharedItems: QUOTAS.sharedItems + 1 })).toMatchObject(
      { code: 'QUOTA_SHARED_ITEMS', status: 409 },
    );
  });

  it('refuses text past the total with 413', () => {
    expect(quotaExceeded(usage(), usage({ storedChars: QUOTAS.storedChars + 1 }))).toEqual({
      code: 'QUOTA_STORED_TEXT',
      status: 413,
    });
  });

  it('lets a user already over a limit shrink or keep it', () => {
    const over = usage({ storedChars: QUOTAS.storedChars + 500 });
    expect(quotaExceeded(over, { ...over, storedChars: QUOTAS.storedChars + 100 })).toBeNull();
    expect(quotaExceeded(over, over)).toBeNull();
    expect(quotaExceeded(over, { ...over, storedChars: over.storedChars + 1 })).toMatchObject({
      code: 'QUOTA_STORED_TEXT',
    });
  });

  it('takes other limits when given', () => {
    const limits = { blocks: 1, compositions: 1, sharedItems: 1, storedChars: 10 };
    expect(
      quotaExceeded(usage({ blocks: 0, storedChars: 0 }), usage({ blocks: 2 }), limits),
    ).toMatchObject({ code: 'QUOTA_BLOCKS' });
  });
});
