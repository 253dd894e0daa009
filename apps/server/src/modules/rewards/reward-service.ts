import { and, desc, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import {
  REWARD_TIER_TABLE,
  vipLevelFor,
  type ActivitiesAnswer,
  type ClaimRewardAnswer,
  type ClaimRewardBody,
  type NextTier,
  type RewardActivity,
  type RewardTier,
} from '@shopdesk/shared/marketing/rewards-schemas';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { rewardClaims, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { balanceOf, shopAccount } from '../ledger/ledger-service.ts';
import { rewardClaimed } from '../ledger/money-flows.ts';
import { notifyShop } from '../notifications/notification-service.ts';
import { coupleProgressOf, coupleStateOf, linkedRowOf } from './couple-service.ts';

/**
 * The bonuses of the reward activities (SPEC §4, §9): a tier's bonus is locked until the shop's
 * progress reaches its threshold, then claimable, then received once claimed. Progress is the
 * cumulative top-up (approved deposits) for the shop upgrade, and the top-up since the link for
 * the couple activity (couple-service.ts). A claim pays reward expense → available once: one
 * `reward_claims` row per shop, activity and tier, and one ledger transfer key for the same.
 */

/** Advisory lock class of "one shop's reward claims" (couple links use 0x5d10). */
const REWARD_LOCK_CLASS = 0x5d11;

function tierDef(activity: RewardActivity, tier: number) {
  const def = REWARD_TIER_TABLE[activity].find((t) => t.tier === tier);
  if (!def) throw new AppError('BAD_REQUEST');
  return def;
}

async function shopTopUp(db: DbOrTx, shopId: number) {
  const [shop] = await db.select({ total: shops.totalTopUpCents, level: shops.vipLevel }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  return shop;
}

/** Receives one bonus into the shop's available balance (POST /api/systemSettings/getReward). */
export async function claimReward(db: Db, shopId: number, body: ClaimRewardBody): Promise<ClaimRewardAnswer> {
  const def = tierDef(body.activity, body.tier);
  return db.transaction(async (tx) => {
    // Claims of one shop run one at a time; the unique key and the transfer key back it up.
    await tx.execute(sql`select pg_advisory_xact_lock(${REWARD_LOCK_CLASS}::int, ${shopId}::int)`);
    const [done] = await tx
      .select({ id: rewardClaims.id })
      .from(rewardClaims)
      .where(and(eq(rewardClaims.shopId, shopId), eq(rewardClaims.activity, body.activity), eq(rewardClaims.tier, body.tier)));
    if (done) throw new AppError('REWARD_ALREADY_RECEIVED');
    const progress = body.activity === 'vip' ? (await shopTopUp(tx, shopId)).total : await coupleProgressOf(tx, shopId);
    if (progress === null) throw new AppError('REWARD_NOT_LINKED');
    if (progress < def.thresholdCents) throw new AppError('REWARD_NOT_REACHED');
    const [paid] = await rewardClaimed(tx, { shopId, activity: body.activity, tier: body.tier, amountCents: def.bonusCents });
    if (paid.replayed) throw new AppError('REWARD_ALREADY_RECEIVED');
    const [claim] = await tx
      .insert(rewardClaims)
      .values({ shopId, activity: body.activity, tier: body.tier, amountCents: def.bonusCents, transferId: paid.transferId })
      .returning();
    return {
      activity: body.activity,
      tier: body.tier,
      amountCents: def.bonusCents,
      state: 'received' as const,
      receivedAt: claim.createdAt.toISOString(),
      availableCents: await balanceOf(tx, shopAccount(shopId)),
    };
  });
}

function tiersWithState(activity: RewardActivity, progressCents: number | null, claims: Map<string, Date>): RewardTier[] {
  return REWARD_TIER_TABLE[activity].map((t) => {
    const receivedAt = claims.get(`${activity}:${t.tier}`) ?? null;
    const state = receivedAt ? 'received' : progressCents !== null && progressCents >= t.thresholdCents ? 'claimable' : 'locked';
    return { ...t, state, receivedAt: receivedAt?.toISOString() ?? null };
  });
}

function nextOf(activity: RewardActivity, progressCents: number): NextTier {
  const next = REWARD_TIER_TABLE[activity].find((t) => progressCents < t.thresholdCents);
  return next ? { tier: next.tier, thresholdCents: next.thresholdCents, remainingCents: next.thresholdCents - progressCents } : null;
}

/** Both activities with every tier's state, the couple situation and the claimable bonuses. */
export async function activitiesOf(db: DbOrTx, shopId: number): Promise<ActivitiesAnswer> {
  const shop = await shopTopUp(db, shopId);
  const claimRows = await db.select().from(rewardClaims).where(eq(rewardClaims.shopId, shopId));
  const claims = new Map(claimRows.map((c) => [`${c.activity}:${c.tier}`, c.createdAt]));
  const couple = await coupleStateOf(db, shopId);
  const coupleProgress = await coupleProgressOf(db, shopId, couple.linkRow);
  const vipTiers = tiersWithState('vip', shop.total, claims);
  const coupleTiers = tiersWithState('couple', coupleProgress, claims);
  const claimable = [...vipTiers, ...coupleTiers].filter((t) => t.state === 'claimable');
  return {
    vip: { level: shop.level, topUpCents: shop.total, next: nextOf('vip', shop.total), tiers: vipTiers },
    couple: {
      link: couple.link,
      outgoing: couple.outgoing,
      incoming: couple.incoming,
      progressCents: coupleProgress ?? 0,
      next: coupleProgress === null ? null : nextOf('couple', coupleProgress),
      tiers: coupleTiers,
    },
    claimableCount: claimable.length,
    claimableCents: claimable.reduce((sum, t) => sum + t.bonusCents, 0),
  };
}

/** How many bonuses the shop can claim now (the dashboard's reminder). */
export async function claimableRewardCount(db: DbOrTx, shopId: number): Promise<number> {
  return (await activitiesOf(db, shopId)).claimableCount;
}

/** The shop's VIP level, at least the level its cumulative top-up reaches (levels never drop). */
export async function syncVipLevel(tx: DbOrTx, shopId: number): Promise<number> {
  const shop = await shopTopUp(tx, shopId);
  const level = Math.max(shop.level, vipLevelFor(shop.total));
  if (level !== shop.level) await tx.update(shops).set({ vipLevel: level }).where(eq(shops.id, shopId));
  return level;
}

const crossed = (activity: RewardActivity, before: number, after: number) =>
  REWARD_TIER_TABLE[activity].filter((t) => before < t.thresholdCents && after >= t.thresholdCents).map((t) => t.tier);

/**
 * Runs inside a deposit approval, after the shop's top-up total grew by `addedCents`: the VIP
 * level follows the new total, and every tier this top-up made reachable is announced once
 * (REWARD_CLAIMABLE) to the shop, or to both partners when the couple basis is `combined`.
 */
export async function rewardsAfterTopUp(tx: Tx, shopId: number, addedCents: number) {
  await syncVipLevel(tx, shopId);
  const shop = await shopTopUp(tx, shopId);
  const notices: { shopId: number; activity: RewardActivity; tier: number }[] = crossed('vip', shop.total - addedCents, shop.total).map((tier) => ({ shopId, activity: 'vip', tier }));
  const link = await linkedRowOf(tx, shopId);
  if (link) {
    const after = (await coupleProgressOf(tx, shopId, link))!;
    const receivers = link.basis === 'combined' ? [link.fromShopId, link.toShopId] : [shopId];
    for (const tier of crossed('couple', after - addedCents, after)) for (const receiver of receivers) notices.push({ shopId: receiver, activity: 'couple', tier });
  }
  for (const n of notices.sort((a, b) => a.shopId - b.shopId)) {
    await notifyShop(tx, { shopId: n.shopId, title: NOTIFICATION_TITLE.REWARD, content: NOTIFICATION_CONTENT.REWARD_CLAIMABLE, payload: { activity: n.activity, tier: n.tier } });
  }
}

/** The operator's list of bonuses paid, newest first, with their total. */
export async function rewardsForOps(db: Db) {
  const rows = await db.select().from(rewardClaims).orderBy(desc(rewardClaims.id)).limit(500);
  const [sum] = await db.select({ total: sql<string>`coalesce(sum(${rewardClaims.amountCents}), 0)`, n: sql<string>`count(*)` }).from(rewardClaims);
  return {
    list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    totalCents: Number(sum.total),
    count: Number(sum.n),
  };
}
