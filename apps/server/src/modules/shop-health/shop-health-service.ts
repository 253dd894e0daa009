import { count, desc, eq, sql } from 'drizzle-orm';
import { SHOP } from '@shopdesk/shared/constants';
import { creditBand, type CreditReason, type ShopHealthHistoryAnswer, type ShopHealthSummary } from '@shopdesk/shared/dashboard/schemas';
import { DAY_MS } from '@shopdesk/shared/time';
import type { DbOrTx } from '../../db/client.ts';
import { creditEvents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { awaitingPurchaseSql } from '../orders/order-lifecycle.ts';

/** The credit score, its band against the SPEC §6 thresholds, and what is about to cost points. */
export async function shopHealthSummary(db: DbOrTx, shopId: number, now = new Date()): Promise<ShopHealthSummary> {
  const since = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.credit_score, s.frozen,
        (select count(*) from orders where shop_id = s.id and ${awaitingPurchaseSql} and purchase_deadline < ${now.toISOString()}::timestamptz and overtime_penalized_at is null) as overdue,
        (select coalesce(sum(-delta), 0) from credit_events where shop_id = s.id and delta < 0 and created_at >= ${since}::timestamptz) as lost,
        (select coalesce(sum(delta), 0) from credit_events where shop_id = s.id and delta > 0 and created_at >= ${since}::timestamptz) as gained
      from shops s where s.id = ${shopId}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const score = Number(row.credit_score);
  return {
    score,
    max: SHOP.CREDIT_SCORE_MAX,
    band: creditBand(score),
    warningAt: SHOP.CREDIT_WARNING_AT,
    withdrawMin: SHOP.CREDIT_WITHDRAW_MIN,
    overtimePenalty: SHOP.OVERTIME_PURCHASE_PENALTY,
    frozen: row.frozen === true || row.frozen === 't',
    overdueNow: Number(row.overdue),
    lost30d: Number(row.lost),
    gained30d: Number(row.gained),
  };
}

/** Every change of the score, newest first. */
export async function creditHistory(db: DbOrTx, shopId: number, page: { page: number; pageSize: number }): Promise<ShopHealthHistoryAnswer> {
  const where = eq(creditEvents.shopId, shopId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(creditEvents)
      .where(where)
      .orderBy(desc(creditEvents.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(creditEvents).where(where),
  ]);
  return {
    list: rows.map((r) => ({ id: r.id, delta: r.delta, reason: r.reason as CreditReason, ref: r.ref, note: r.note, scoreAfter: r.scoreAfter, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}
