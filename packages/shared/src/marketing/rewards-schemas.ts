import { z } from 'zod';
import { CENTS_PER_UNIT, COUPLE_TIERS, VIP_TIERS } from '../constants.ts';

/**
 * Requests and answers of the reward activities: shop upgrade (VIP) bonuses, couple
 * linking and its bonuses, and the activity centre that shows both.
 */
export const REWARD_ACTIVITIES = ['vip', 'couple'] as const;
export type RewardActivity = (typeof REWARD_ACTIVITIES)[number];

/** A bonus is locked until its tier is reached, then claimable, then received once claimed (SPEC §4). */
export const REWARD_STATES = ['locked', 'claimable', 'received'] as const;
export type RewardState = (typeof REWARD_STATES)[number];

/** What counts as a partner's top-up for the couple bonuses (COUPLE_REWARD_BASIS; docs/decisions.md, "Couple linking"). */
export const COUPLE_REWARD_BASES = ['own', 'combined'] as const;
export type CoupleRewardBasis = (typeof COUPLE_REWARD_BASES)[number];

export const COUPLE_LINK_STATUSES = ['pending', 'linked', 'declined', 'expired'] as const;
export type CoupleLinkStatus = (typeof COUPLE_LINK_STATUSES)[number];

/** Days a couple request waits for an answer before it lapses (docs/decisions.md, "Couple linking"). */
export const COUPLE_REQUEST_TTL_DAYS = 7;

/** A tier of either activity in cents: the threshold of cumulative top-up and the bonus. */
export interface RewardTierDef {
  tier: number;
  thresholdCents: number;
  bonusCents: number;
  /** The exposure increase of a VIP level, percent; null for couple tiers. */
  exposurePct: number | null;
}

export const REWARD_TIER_TABLE: Record<RewardActivity, readonly RewardTierDef[]> = {
  vip: VIP_TIERS.map((t) => ({ tier: t.level, thresholdCents: t.topUp * CENTS_PER_UNIT, bonusCents: t.bonus * CENTS_PER_UNIT, exposurePct: t.exposurePct })),
  couple: COUPLE_TIERS.map((t, i) => ({ tier: i + 1, thresholdCents: t.topUp * CENTS_PER_UNIT, bonusCents: t.bonus * CENTS_PER_UNIT, exposurePct: null })),
};

/** The VIP level a cumulative top-up reaches (0 below the first tier). */
export function vipLevelFor(topUpCents: number): number {
  let level = 0;
  for (const t of REWARD_TIER_TABLE.vip) if (topUpCents >= t.thresholdCents) level = t.tier;
  return level;
}

/** The tiers of an activity reached by a progress amount (cents). */
export function tiersReached(activity: RewardActivity, progressCents: number): number[] {
  return REWARD_TIER_TABLE[activity].filter((t) => progressCents >= t.thresholdCents).map((t) => t.tier);
}

const TIER_MAX = Math.max(VIP_TIERS.length, COUPLE_TIERS.length);

export const claimRewardBody = z.object({
  activity: z.enum(REWARD_ACTIVITIES),
  tier: z.number().int().min(1).max(TIER_MAX),
});
export type ClaimRewardBody = z.infer<typeof claimRewardBody>;

export const claimRewardAnswer = z.object({
  activity: z.enum(REWARD_ACTIVITIES),
  tier: z.number().int(),
  amountCents: z.number().int(),
  state: z.literal('received'),
  receivedAt: z.string(),
  /** The shop's available balance after the bonus arrived. */
  availableCents: z.number().int(),
});
export type ClaimRewardAnswer = z.infer<typeof claimRewardAnswer>;

export const rewardTier = z.object({
  tier: z.number().int(),
  thresholdCents: z.number().int(),
  bonusCents: z.number().int(),
  exposurePct: z.number().nullable(),
  state: z.enum(REWARD_STATES),
  receivedAt: z.string().nullable(),
});
export type RewardTier = z.infer<typeof rewardTier>;

/** Progress towards the next tier: null when every tier is reached. */
export const nextTier = z
  .object({ tier: z.number().int(), thresholdCents: z.number().int(), remainingCents: z.number().int() })
  .nullable();
export type NextTier = z.infer<typeof nextTier>;

export const coupleShop = z.object({ shopId: z.number().int(), shopName: z.string() });
export type CoupleShop = z.infer<typeof coupleShop>;

export const coupleRequest = z.object({
  requestId: z.number().int(),
  from: coupleShop,
  to: coupleShop,
  status: z.enum(COUPLE_LINK_STATUSES),
  requestedAt: z.string(),
  /** When a pending request lapses unanswered. */
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CoupleRequest = z.infer<typeof coupleRequest>;

export const coupleLink = z.object({
  linkId: z.number().int(),
  partner: coupleShop,
  linkedAt: z.string(),
  basis: z.enum(COUPLE_REWARD_BASES),
});
export type CoupleLink = z.infer<typeof coupleLink>;

export const vipActivity = z.object({
  level: z.number().int(),
  topUpCents: z.number().int(),
  next: nextTier,
  tiers: z.array(rewardTier),
});
export type VipActivity = z.infer<typeof vipActivity>;

export const coupleActivity = z.object({
  /** The established link, if any. */
  link: coupleLink.nullable(),
  /** The request this shop sent that waits for the other shop. */
  outgoing: coupleRequest.nullable(),
  /** Requests other shops sent to this shop that wait for its answer. */
  incoming: z.array(coupleRequest),
  /** The top-up counted for the couple tiers since the link (0 without a link). */
  progressCents: z.number().int(),
  next: nextTier,
  tiers: z.array(rewardTier),
});
export type CoupleActivity = z.infer<typeof coupleActivity>;

export const activitiesAnswer = z.object({
  vip: vipActivity,
  couple: coupleActivity,
  claimableCount: z.number().int(),
  claimableCents: z.number().int(),
});
export type ActivitiesAnswer = z.infer<typeof activitiesAnswer>;

export const coupleApplyBody = z.object({ shopId: z.coerce.number().int().positive() });
export type CoupleApplyBody = z.infer<typeof coupleApplyBody>;

export const coupleRespondBody = z.object({ requestId: z.number().int().positive(), accept: z.boolean() });
export type CoupleRespondBody = z.infer<typeof coupleRespondBody>;

/** Applying answers the request, or the link at once when the other shop had already asked this one. */
export const coupleApplyAnswer = z.object({ request: coupleRequest, link: coupleLink.nullable() });
export type CoupleApplyAnswer = z.infer<typeof coupleApplyAnswer>;

export const coupleRespondAnswer = z.object({ request: coupleRequest, link: coupleLink.nullable() });
export type CoupleRespondAnswer = z.infer<typeof coupleRespondAnswer>;

/** The operator's views: links (and requests) and rewards paid. */
export const opsCoupleRow = z.object({
  id: z.number().int(),
  fromShopId: z.number().int(),
  toShopId: z.number().int(),
  status: z.enum(COUPLE_LINK_STATUSES),
  basis: z.enum(COUPLE_REWARD_BASES).nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const opsRewardRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  activity: z.enum(REWARD_ACTIVITIES),
  tier: z.number().int(),
  amountCents: z.number().int(),
  transferId: z.number().int(),
  createdAt: z.string(),
});
export const opsRewardsAnswer = z.object({ list: z.array(opsRewardRow), totalCents: z.number().int(), count: z.number().int() });
export const opsCouplesQuery = z.object({ status: z.enum(COUPLE_LINK_STATUSES).optional() });
