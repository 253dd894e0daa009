import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CouponView, MyCouponView } from '@shopdesk/shared/mall/schemas';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { buyers, couponClaims, coupons } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

type CouponRow = typeof coupons.$inferSelect;

function toCouponView(c: CouponRow, claimedByMe: number): CouponView {
  return {
    id: c.id,
    title: c.title,
    kind: c.kind,
    amountOffCents: c.amountOffCents,
    percentOff: c.percentOff,
    maxDiscountCents: c.maxDiscountCents,
    minSpendCents: c.minSpendCents,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    perBuyerLimit: c.perBuyerLimit,
    claimedByMe,
  };
}

export const couponRunning = (c: Pick<CouponRow, 'startsAt' | 'endsAt'>, now: Date) => c.startsAt.getTime() <= now.getTime() && now.getTime() < c.endsAt.getTime();

/** GET /api/mall/coupons: the coupons that have not ended and are not retired, soonest ending first, with the buyer's claim count. */
export async function listCoupons(db: Db, buyerId: number | null): Promise<CouponView[]> {
  const rows = await db.select().from(coupons).where(and(sql`${coupons.endsAt} > now()`, isNull(coupons.retiredAt))).orderBy(asc(coupons.endsAt), asc(coupons.id));
  const claimed = new Map<number, number>();
  if (buyerId !== null && rows.length > 0) {
    const counts = await db
      .select({ couponId: couponClaims.couponId, n: count() })
      .from(couponClaims)
      .where(and(eq(couponClaims.buyerId, buyerId), inArray(couponClaims.couponId, rows.map((r) => r.id))))
      .groupBy(couponClaims.couponId);
    for (const c of counts) claimed.set(c.couponId, c.n);
  }
  return rows.map((r) => toCouponView(r, claimed.get(r.id) ?? 0));
}

/**
 * POST /api/buyer/coupons/claim: COUPON_EXPIRED outside its dates or once retired, COUPON_LIMIT at
 * the per-buyer limit. The buyer's row is locked so parallel claims count one after the other.
 */
export async function claimCoupon(db: Db, buyerId: number, couponId: number): Promise<MyCouponView> {
  return db.transaction(async (tx) => {
    await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('update');
    // Shared with other claims, exclusive of an operator's change (coupon-admin.ts counts the claims under it).
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('share');
    if (!coupon) throw new AppError('NOT_FOUND');
    const now = new Date();
    if (!couponRunning(coupon, now) || coupon.retiredAt) throw new AppError('COUPON_EXPIRED');
    const [{ n }] = await tx.select({ n: count() }).from(couponClaims).where(and(eq(couponClaims.buyerId, buyerId), eq(couponClaims.couponId, couponId)));
    if (n >= coupon.perBuyerLimit) throw new AppError('COUPON_LIMIT');
    const [claim] = await tx.insert(couponClaims).values({ couponId, buyerId, claimedAt: now }).returning();
    return toMyCoupon(coupon, claim, n + 1);
  });
}

function toMyCoupon(coupon: CouponRow, claim: typeof couponClaims.$inferSelect, claimedByMe: number): MyCouponView {
  return {
    ...toCouponView(coupon, claimedByMe),
    claimId: claim.id,
    claimedAt: claim.claimedAt.toISOString(),
    usedAt: claim.usedAt?.toISOString() ?? null,
    checkoutNo: claim.checkoutNo,
  };
}

/** GET /api/buyer/coupons: the buyer's claims, unused first, newest first. */
export async function myCoupons(db: DbOrTx, buyerId: number): Promise<MyCouponView[]> {
  const rows = await db
    .select({ claim: couponClaims, coupon: coupons })
    .from(couponClaims)
    .innerJoin(coupons, eq(coupons.id, couponClaims.couponId))
    .where(eq(couponClaims.buyerId, buyerId))
    .orderBy(sql`${couponClaims.usedAt} is not null`, desc(couponClaims.id));
  const perCoupon = new Map<number, number>();
  for (const r of rows) perCoupon.set(r.coupon.id, (perCoupon.get(r.coupon.id) ?? 0) + 1);
  return rows.map((r) => toMyCoupon(r.coupon, r.claim, perCoupon.get(r.coupon.id) ?? 0));
}

/**
 * A claim for a checkout, locked until the checkout commits: the buyer's own (NOT_FOUND
 * otherwise), unused (COUPON_USED) and within its coupon's dates (COUPON_EXPIRED). Parallel
 * checkouts with the same claim wait here; the ones after the first find it used.
 */
export async function lockClaimForCheckout(tx: Tx, buyerId: number, claimId: number, now: Date) {
  const [claim] = await tx.select().from(couponClaims).where(and(eq(couponClaims.id, claimId), eq(couponClaims.buyerId, buyerId))).for('update');
  if (!claim) throw new AppError('NOT_FOUND');
  if (claim.usedAt) throw new AppError('COUPON_USED');
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, claim.couponId));
  if (!couponRunning(coupon, now)) throw new AppError('COUPON_EXPIRED');
  return { claim, coupon };
}

export async function markClaimUsed(tx: Tx, claimId: number, checkoutNo: string, at: Date) {
  await tx.update(couponClaims).set({ usedAt: at, checkoutNo }).where(eq(couponClaims.id, claimId));
}
