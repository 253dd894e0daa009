import { sql } from 'drizzle-orm';
import { SHOP } from '@shopdesk/shared/constants';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { awaitingPurchaseSql } from './order-lifecycle.ts';

const BATCH = 500;

/**
 * The overtime job (SPEC §4: an overtime purchase costs the seller 5 credit points). Each order
 * still waiting for purchase past its deadline is marked once — the UPDATE … WHERE
 * overtime_penalized_at IS NULL … RETURNING is the guard, so two runs at the same time (or one
 * after the other) never take the points twice — and its shop loses the penalty, not below 0, in
 * the same statement. The order stays purchasable. Orders with a refund waiting are skipped: the
 * seller may not purchase them until the refund is decided.
 */
export async function penalizeOverdueOrders(db: Db): Promise<{ penalized: number; shops: number }> {
  let penalized = 0;
  const shopIds = new Set<number>();
  for (;;) {
    const rows = rowsOf<{ shop_id: number; n: string }>(
      await db.execute(sql`
        with late as (
          update orders set overtime_penalized_at = now()
          where id in (
            select id from orders
            where ${awaitingPurchaseSql} and overtime_penalized_at is null
              and purchase_deadline < now()
            order by purchase_deadline
            limit ${BATCH}
            for update skip locked)
          and overtime_penalized_at is null
          returning shop_id
        ), per_shop as (
          select shop_id, count(*) as n from late group by shop_id
        ), penalized as (
          update shops set credit_score = greatest(0, shops.credit_score - ${SHOP.OVERTIME_PURCHASE_PENALTY}::integer * per_shop.n::integer)
          from per_shop where shops.id = per_shop.shop_id
          returning shops.id
        )
        select per_shop.shop_id, per_shop.n::text as n from per_shop`),
    );
    const batch = rows.reduce((sum, r) => sum + Number(r.n), 0);
    for (const r of rows) shopIds.add(Number(r.shop_id));
    penalized += batch;
    if (batch < BATCH) break;
  }
  return { penalized, shops: shopIds.size };
}
