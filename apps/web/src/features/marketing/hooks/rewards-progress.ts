import type { ActivitiesAnswer, NextTier, RewardActivity, RewardTier } from '@shopdesk/shared/marketing/rewards-schemas';

/** One bonus the seller can claim now, from either activity. */
export interface ClaimableBonus {
  activity: RewardActivity;
  tier: number;
  bonusCents: number;
}

/** Every claimable bonus of both activities, shop upgrade first. */
export function claimableBonuses(a: ActivitiesAnswer): ClaimableBonus[] {
  const of = (activity: RewardActivity, tiers: RewardTier[]) => tiers.filter((t) => t.state === 'claimable').map((t) => ({ activity, tier: t.tier, bonusCents: t.bonusCents }));
  return [...of('vip', a.vip.tiers), ...of('couple', a.couple.tiers)];
}

/**
 * How far the progress is between the last reached threshold and the next one, 0–100 (100 when
 * every tier is reached).
 */
export function percentToNext(progressCents: number, tiers: RewardTier[], next: NextTier): number {
  if (!next) return 100;
  const previous = [...tiers].reverse().find((t) => t.thresholdCents <= progressCents)?.thresholdCents ?? 0;
  const span = next.thresholdCents - previous;
  return span <= 0 ? 0 : Math.min(100, Math.max(0, Math.floor(((progressCents - previous) / span) * 100)));
}

/** The number a seller types as a shop id, or null when it is not one. */
export function parseShopId(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 ? id : null;
}
