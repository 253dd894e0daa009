import { describe, expect, it } from 'vitest';
import { exposureScore, guaranteeOpen, packageWeight, vipExposurePct, type ExposureInput } from './exposure.ts';

const now = new Date('2026-11-23T12:00:00Z');
const base: ExposureInput = {
  totalSales: 0,
  ratingX10: 50,
  views: 0,
  createdAt: new Date('2026-10-01T00:00:00Z'),
  isRecommended: false,
  vipExposurePct: 0,
  packageType: null,
  exposuresDelivered: 0,
};

describe('exposureScore', () => {
  it('adds sales (×3, log), rating/10, views (log) and newness', () => {
    expect(exposureScore(base, now)).toBeCloseTo(5);
    expect(exposureScore({ ...base, totalSales: Math.E - 1 }, now)).toBeCloseTo(8);
    expect(exposureScore({ ...base, views: Math.E - 1 }, now)).toBeCloseTo(6);
    expect(exposureScore({ ...base, createdAt: new Date('2026-11-20T00:00:00Z') }, now)).toBeCloseTo(6);
    // Exactly 14 days old is no longer new.
    expect(exposureScore({ ...base, createdAt: new Date(now.getTime() - 14 * 24 * 3600_000) }, now)).toBeCloseTo(5);
  });

  it('multiplies by the VIP increase and the package weight, then adds the bonuses', () => {
    expect(exposureScore({ ...base, vipExposurePct: 50 }, now)).toBeCloseTo(7.5);
    // Gold that delivered its 500: ×1.5 only.
    expect(exposureScore({ ...base, packageType: 'gold', exposuresDelivered: 500 }, now)).toBeCloseTo(7.5);
    // Gold still owing exposures: +10.
    expect(exposureScore({ ...base, packageType: 'gold', exposuresDelivered: 499 }, now)).toBeCloseTo(17.5);
    // Recommended counts only with a package.
    expect(exposureScore({ ...base, isRecommended: true }, now)).toBeCloseTo(5);
    expect(exposureScore({ ...base, isRecommended: true, packageType: 'diamond', exposuresDelivered: 1500, vipExposurePct: 100 }, now)).toBeCloseTo(5 * 2 * 2 + 5);
  });

  it('ranks a gold or diamond product above an otherwise equal one', () => {
    const plain = exposureScore(base, now);
    const gold = exposureScore({ ...base, packageType: 'gold', exposuresDelivered: 10_000 }, now);
    const diamond = exposureScore({ ...base, packageType: 'diamond', exposuresDelivered: 10_000 }, now);
    expect(gold).toBeGreaterThan(plain);
    expect(diamond).toBeGreaterThan(gold);
  });

  it('reads the tables of SPEC §9 and the packages', () => {
    expect(vipExposurePct(0)).toBe(0);
    expect(vipExposurePct(1)).toBe(8);
    expect(vipExposurePct(7)).toBe(100);
    expect([null, 'silver', 'gold', 'diamond'].map((t) => packageWeight(t as never))).toEqual([1, 1.2, 1.5, 2]);
    expect(guaranteeOpen('gold', 499)).toBe(true);
    expect(guaranteeOpen('gold', 500)).toBe(false);
    expect(guaranteeOpen(null, 0)).toBe(false);
  });
});
