import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { SHOP } from '@shopdesk/shared/constants';
import { DAY_MS, MINUTE_MS } from '@shopdesk/shared/time';
import type { Tx } from '../client.ts';
import type { Random } from '../../lib/random.ts';
import { activityLog, creditEvents, orders, productViews, shopProducts, shops } from '../schema.ts';

/**
 * Demo data for the dashboard: 30 days of counted product views (a few products are
 * much more popular than the rest, signed-in buyers and anonymous visitors mixed), the activity
 * log of the seeded purchases and refund decisions of the last days, and the credit history that
 * leads to the shop's seeded score.
 */
export async function seedDashboardHistory(tx: Tx, rnd: Random, shopId: number, buyerIds: number[], options: { viewsPerDay: number }) {
  const [shop] = await tx.select({ userId: shops.ownerUserId, creditScore: shops.creditScore }).from(shops).where(eq(shops.id, shopId));
  const products = await tx.select({ id: shopProducts.id }).from(shopProducts).where(and(eq(shopProducts.shopId, shopId), eq(shopProducts.status, 'on_sale')));
  if (products.length === 0) return;
  const now = Date.now();
  const rows: (typeof productViews.$inferInsert)[] = [];
  for (let day = 29; day >= 0; day--) {
    const count = Math.max(1, Math.round(options.viewsPerDay * (0.7 + rnd.next() * 0.6)));
    for (let i = 0; i < count; i++) {
      // Squaring skews the pick toward the first products: a realistic "most viewed" head.
      const product = products[Math.floor(rnd.next() ** 2 * products.length)];
      const viewerKey = rnd.chance(0.4) ? `b:${rnd.pick(buyerIds)}` : `a:demo${rnd.int(1, options.viewsPerDay * 6)}`;
      const offset = day === 0 ? rnd.int(0, 8 * 60) * MINUTE_MS : rnd.int(0, DAY_MS - MINUTE_MS);
      rows.push({ shopId, shopProductId: product.id, viewerKey, createdAt: new Date(now - day * DAY_MS - offset) });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(productViews).values(rows.slice(i, i + 1000));

  const since = new Date(now - 3 * DAY_MS);
  const purchased = await tx
    .select({ orderNo: orders.orderNo, amount: orders.purchaseAmountCents, at: orders.purchaseTime })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), isNotNull(orders.purchaseTime), gte(orders.purchaseTime, since)))
    .orderBy(desc(orders.purchaseTime))
    .limit(12);
  const refunds = await tx
    .select({ orderNo: orders.orderNo, amount: orders.amountCents, at: orders.refundTime, status: orders.refundStatus })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), isNotNull(orders.refundTime), sql`${orders.refundStatus} in ('approved', 'rejected')`))
    .orderBy(desc(orders.refundTime))
    .limit(4);
  const entries: (typeof activityLog.$inferInsert)[] = [
    ...purchased.map((o) => ({ shopId, userId: shop.userId, action: 'purchase', subject: o.orderNo, detail: { amountCents: o.amount }, createdAt: o.at! })),
    ...refunds.map((o) => ({ shopId, userId: shop.userId, action: 'refund_decided', subject: o.orderNo, detail: { decision: o.status!, amountCents: o.amount }, createdAt: o.at! })),
  ]
    // The seed stamps its freshest purchases "now"; spread those over the last hours so the log reads like a day's work.
    .map((e, i) => (now - e.createdAt.getTime() < 5 * MINUTE_MS ? { ...e, createdAt: new Date(now - (i + 1) * 17 * MINUTE_MS) } : e))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (entries.length) await tx.insert(activityLog).values(entries);

  // The credit history: overtime penalties down from 100, then an operator's correction, ending at the seeded score.
  const lost = SHOP.CREDIT_SCORE_MAX - shop.creditScore;
  if (lost <= 0) return;
  const penalties = Math.ceil(lost / SHOP.OVERTIME_PURCHASE_PENALTY);
  const late = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.shopId, shopId)).orderBy(desc(orders.createdAt)).offset(40).limit(penalties);
  let score: number = SHOP.CREDIT_SCORE_MAX;
  const events: (typeof creditEvents.$inferInsert)[] = late.map((o, i) => {
    score -= SHOP.OVERTIME_PURCHASE_PENALTY;
    return { shopId, delta: -SHOP.OVERTIME_PURCHASE_PENALTY, reason: 'overtime_purchase', ref: o.orderNo, scoreAfter: score, createdAt: new Date(now - (20 - i * 6) * DAY_MS) };
  });
  if (score !== shop.creditScore) {
    events.push({ shopId, delta: shop.creditScore - score, reason: 'operator_adjustment', ref: null, note: 'Courier delay confirmed', scoreAfter: shop.creditScore, createdAt: new Date(now - 2 * DAY_MS) });
  }
  if (events.length) await tx.insert(creditEvents).values(events);
}
