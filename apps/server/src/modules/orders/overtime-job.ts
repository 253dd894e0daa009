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
 * seller may not purchase them until the refund is decided. Each late order leaves a credit event
 * (shop health: reason overtime_purchase, ref its order number) in the same statement.
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
          returning id, shop_id, order_no
        ), per_shop as (
          select shop_id, count(*) as n from late group by shop_id
        ), penalized as (
          update shops set credit_score = greatest(0, shops.credit_score - ${SHOP.OVERTIME_PURCHASE_PENALTY}::integer * per_shop.n::integer)
          from per_shop where shops.id = per_shop.shop_id
          returning shops.id, shops.credit_score as score_after, per_shop.n::integer as n
        ), ranked as (
          -- One credit event per late order (shop health). The score before the batch is the
          -- score after plus the points taken (the statement's snapshot only where it hit 0).
          select late.shop_id, late.order_no, row_number() over (partition by late.shop_id order by late.id)::integer as rn,
            case when p.score_after > 0 then p.score_after + ${SHOP.OVERTIME_PURCHASE_PENALTY}::integer * p.n
                 else (select credit_score from shops where id = late.shop_id) end as score_before
          from late join penalized p on p.id = late.shop_id
        ), events as (
          insert into credit_events (shop_id, delta, reason, ref, score_after)
          select shop_id,
            greatest(0, score_before - ${SHOP.OVERTIME_PURCHASE_PENALTY}::integer * rn) - greatest(0, score_before - ${SHOP.OVERTIME_PURCHASE_PENALTY}::integer * (rn - 1)),
            'overtime_purchase', order_no, greatest(0, score_before - ${SHOP.OVERTIME_PURCHASE_PENALTY}::integer * rn)
          from ranked
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
