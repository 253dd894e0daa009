import { count, desc, eq, sql } from 'drizzle-orm';
import type { couponBody, CouponState, OpsCoupon } from '@shopdesk/shared/ops/offers';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { couponClaims, coupons } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';

type CouponRow = typeof coupons.$inferSelect;
type CouponInput = z.output<typeof couponBody>;

/** The fields a claim relies on: once a buyer holds the coupon they stay (docs/decisions.md, "Changing a claimed coupon"). */
const LOCKED_WHEN_CLAIMED = ['kind', 'amountOffCents', 'percentOff', 'maxDiscountCents', 'minSpendCents', 'startsAt'] as const;

function stateOf(c: CouponRow, now: Date): CouponState {
  if (c.retiredAt) return 'retired';
  if (now.getTime() < c.startsAt.getTime()) return 'scheduled';
  return now.getTime() < c.endsAt.getTime() ? 'running' : 'ended';
}

/** The coupon's terms as the audit trail keeps them (times as ISO strings). */
function terms(c: CouponRow | CouponInput) {
  const iso = (t: Date | string) => new Date(t).toISOString();
  return {
    title: c.title,
    kind: c.kind,
    amountOffCents: c.amountOffCents,
    percentOff: c.percentOff,
    maxDiscountCents: c.maxDiscountCents,
    minSpendCents: c.minSpendCents,
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    perBuyerLimit: c.perBuyerLimit,
  };
}
type Terms = ReturnType<typeof terms>;

async function claimCounts(db: DbOrTx, couponId?: number) {
  const rows = await db
    .select({ couponId: couponClaims.couponId, claims: count(), used: sql<number>`count(${couponClaims.usedAt})::int` })
    .from(couponClaims)
    .where(couponId === undefined ? undefined : eq(couponClaims.couponId, couponId))
    .groupBy(couponClaims.couponId);
  return new Map(rows.map((r) => [r.couponId, { claims: Number(r.claims), used: Number(r.used) }]));
}

function opsView(c: CouponRow, counts: { claims: number; used: number } | undefined, now: Date): OpsCoupon {
  return { id: c.id, ...terms(c), state: stateOf(c, now), retiredAt: c.retiredAt?.toISOString() ?? null, claims: counts?.claims ?? 0, used: counts?.used ?? 0 };
}

/** GET /api/ops/coupons: every coupon, newest first, with its state and claims. */
export async function opsCoupons(db: Db): Promise<OpsCoupon[]> {
  const [rows, counts] = await Promise.all([db.select().from(coupons).orderBy(desc(coupons.id)), claimCounts(db)]);
  const now = new Date();
  return rows.map((r) => opsView(r, counts.get(r.id), now));
}

async function opsCoupon(db: DbOrTx, id: number): Promise<OpsCoupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return opsView(row, (await claimCounts(db, id)).get(id), new Date());
}

const columns = (c: CouponInput) => ({ ...c, startsAt: new Date(c.startsAt), endsAt: new Date(c.endsAt) });

/** POST /api/ops/coupons: a new coupon (audited). */
export async function createCoupon(db: Db, operatorUserId: number, body: CouponInput): Promise<OpsCoupon> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(coupons).values(columns(body)).returning();
    await recordOperatorAction(tx, operatorUserId, 'coupon.create', 'coupon', row.id, null, terms(row));
    return row.id;
  });
  return opsCoupon(db, id);
}

/**
 * POST /api/ops/coupons/:id: the coupon's new terms, audited with before and after. A coupon a buyer
 * has claimed keeps what the claim relies on (discount, minimum spend, start) and its end moves only
 * later (COUPON_TERMS_LOCKED); its title and per-buyer limit may change. The claims are counted with
 * the coupon row locked, so a claim cannot slip in between.
 */
export async function updateCoupon(db: Db, operatorUserId: number, id: number, body: CouponInput): Promise<OpsCoupon> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    const before = terms(row);
    const after = terms(body);
    const changed = (Object.keys(after) as (keyof Terms)[]).filter((k) => before[k] !== after[k]);
    if (changed.length === 0) return;
    const [{ n }] = await tx.select({ n: count() }).from(couponClaims).where(eq(couponClaims.couponId, id));
    const claimed = Number(n) > 0;
    if (claimed && (changed.some((k) => (LOCKED_WHEN_CLAIMED as readonly string[]).includes(k)) || new Date(after.endsAt) < new Date(before.endsAt))) throw new AppError('COUPON_TERMS_LOCKED');
    await tx.update(coupons).set({ ...columns(body), updatedAt: sql`now()` }).where(eq(coupons.id, id));
    const pick = (t: Terms) => Object.fromEntries(changed.map((k) => [k, t[k]]));
    await recordOperatorAction(tx, operatorUserId, 'coupon.update', 'coupon', id, pick(before), pick(after));
  });
  return opsCoupon(db, id);
}

/**
 * POST /api/ops/coupons/:id/retire: the mall no longer lists it and buyers can no longer claim it;
 * claims already made stay usable within its dates (audited). Retiring twice changes nothing.
 */
export async function retireCoupon(db: Db, operatorUserId: number, id: number): Promise<OpsCoupon> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.retiredAt) return;
    const [updated] = await tx.update(coupons).set({ retiredAt: sql`now()`, updatedAt: sql`now()` }).where(eq(coupons.id, id)).returning();
    await recordOperatorAction(tx, operatorUserId, 'coupon.retire', 'coupon', id, { retiredAt: null }, { retiredAt: updated.retiredAt!.toISOString() });
  });
  return opsCoupon(db, id);
}
