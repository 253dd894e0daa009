import { sql } from 'drizzle-orm';
import { DASHBOARD, type DashboardTodo } from '@shopdesk/shared/dashboard/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { ORDER_CONDITIONS } from '@shopdesk/shared/orders/lifecycle';
import { awaitingPurchaseSql, orderConditionSql } from '../orders/order-lifecycle.ts';
import { shopTotalsSql } from './shop-totals.ts';

/** Counts the marketing modules answer for the strip; null when they cannot. */
export interface MarketingTodo {
  packagesExpiring: (db: Db, shopId: number) => Promise<number | null>;
  claimableRewards: (db: Db, shopId: number) => Promise<number | null>;
  vouchersEnding: (db: Db, shopId: number) => Promise<number | null>;
}

const unknown: MarketingTodo = { packagesExpiring: async () => null, claimableRewards: async () => null, vouchersEnding: async () => null };

/**
 * The to-do strip: orders waiting for purchase (with the nearest deadline and how many are due
 * within DEADLINE_SOON_MS), refund requests waiting, reviews without a reply (the shop's totals), and the marketing
 * counts (packages about to expire, rewards to claim, vouchers ending within 24 hours).
 */
export async function dashboardTodo(db: Db, shopId: number, marketing: MarketingTodo = unknown, now = new Date()): Promise<DashboardTodo> {
  const soon = new Date(now.getTime() + DASHBOARD.DEADLINE_SOON_MS).toISOString();
  const [[orders], [others], packagesExpiring, claimableRewards, vouchersEnding] = await Promise.all([
    db
      .execute(
        sql`select count(*) as n, count(*) filter (where purchase_deadline <= ${soon}::timestamptz) as due_soon,
              (array_agg(order_no order by purchase_deadline, id))[1] as nearest_order, min(purchase_deadline) as nearest
            from orders where shop_id = ${shopId} and ${awaitingPurchaseSql}`,
      )
      .then((r) => rowsOf<Record<string, unknown>>(r)),
    db
      .execute(
        sql`select (select count(*) from orders where shop_id = ${shopId} and ${orderConditionSql(ORDER_CONDITIONS.refundWaiting)}) as refunds,
                   (select unanswered_reviews from (${shopTotalsSql(shopId)}) t) as reviews`,
      )
      .then((r) => rowsOf<Record<string, unknown>>(r)),
    marketing.packagesExpiring(db, shopId).catch(() => null),
    marketing.claimableRewards(db, shopId).catch(() => null),
    marketing.vouchersEnding(db, shopId).catch(() => null),
  ]);
  return {
    toPurchase: {
      count: Number(orders.n),
      dueSoon: Number(orders.due_soon),
      nearestDeadline: orders.nearest ? new Date(String(orders.nearest)).toISOString() : null,
      nearestOrderId: orders.nearest_order ? String(orders.nearest_order) : null,
    },
    refundsWaiting: Number(others.refunds),
    reviewsUnanswered: Number(others.reviews),
    packagesExpiring,
    claimableRewards,
    vouchersEnding,
  };
}
