import { describe, expect, it } from 'vitest';
import type { RewardTier } from '@shopdesk/shared/marketing/rewards-schemas';
import { parseShopId, percentToNext } from './rewards-progress.ts';

const tiers = [5_000_00, 10_000_00].map((thresholdCents, i) => ({ tier: i + 1, thresholdCents, bonusCents: 1, exposurePct: null, state: 'locked', receivedAt: null })) as RewardTier[];

describe('reward progress', () => {
  it('measures the way from the last reached threshold to the next', () => {
    expect(percentToNext(0, tiers, { tier: 1, thresholdCents: 5_000_00, remainingCents: 5_000_00 })).toBe(0);
    expect(percentToNext(2_500_00, tiers, { tier: 1, thresholdCents: 5_000_00, remainingCents: 2_500_00 })).toBe(50);
    expect(percentToNext(7_500_00, tiers, { tier: 2, thresholdCents: 10_000_00, remainingCents: 2_500_00 })).toBe(50);
    expect(percentToNext(20_000_00, tiers, null)).toBe(100);
  });

  it('reads a typed shop id', () => {
    expect(parseShopId(' 12 ')).toBe(12);
    expect(parseShopId('0')).toBeNull();
    expect(parseShopId('1a')).toBeNull();
    expect(parseShopId('')).toBeNull();
  });
});
