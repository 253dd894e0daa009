import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../time.ts';
import { PROMOTION_PACKAGES } from '../products/packages.ts';
import { creditedDays, planPackagePurchase, type CurrentPackage } from './package-plan.ts';

const now = new Date('2026-11-23T00:00:00.000Z');
const running = (type: 'silver' | 'gold' | 'diamond', daysLeft: number): CurrentPackage => ({
  type,
  amountCents: PROMOTION_PACKAGES[type].priceCents,
  validityDays: PROMOTION_PACKAGES[type].validityDays,
  expiresAt: new Date(now.getTime() + daysLeft * DAY_MS),
});

describe('planPackagePurchase', () => {
  it('starts a new package now when none runs (or the last one has just expired)', () => {
    expect(planPackagePurchase(null, 'gold', now)).toEqual({ type: 'gold', mode: 'new', allowed: true, expiresAt: new Date(now.getTime() + 30 * DAY_MS), creditedMs: 0 });
    expect(planPackagePurchase(running('diamond', 0), 'silver', now).mode).toBe('new');
  });

  it('extends the same tier after the current expiry', () => {
    const plan = planPackagePurchase(running('gold', 12.5), 'gold', now);
    expect(plan).toMatchObject({ mode: 'extend', allowed: true, creditedMs: 12.5 * DAY_MS });
    expect(plan.expiresAt).toEqual(new Date(now.getTime() + 42.5 * DAY_MS));
  });

  it('upgrades at once and converts the unused time at the paid price per day', () => {
    const plan = planPackagePurchase(running('silver', 10), 'gold', now);
    // 10 days × 199/15 per day ÷ 499/30 per day = 7.976 days.
    expect(plan.mode).toBe('upgrade');
    expect(creditedDays(plan.creditedMs)).toBe(7.9);
    expect(plan.expiresAt!.getTime() - now.getTime()).toBe(30 * DAY_MS + plan.creditedMs);
    expect(plan.creditedMs % 1000).toBe(0);
  });

  it('refuses a lower tier while a higher one runs', () => {
    expect(planPackagePurchase(running('diamond', 1), 'gold', now)).toEqual({ type: 'gold', mode: 'downgrade', allowed: false, expiresAt: null, creditedMs: 0 });
  });
});
