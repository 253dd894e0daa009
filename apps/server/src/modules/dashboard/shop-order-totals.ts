import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/**
 * A shop's orders ever and sales ever (migration 0038): the shop's folded row plus its deltas not
 * yet folded, which the triggers on orders append in every writing transaction. Read in one
 * statement (one snapshot), it equals `count(*)` and the sum of the sales' amounts over the shop's
 * orders, for the cost of one row and a few deltas instead of every order the shop ever had.
 * Columns: order_count, sales.
 */
export const shopOrderTotalsSql = (shopId: number): SQL => sql`
  select coalesce(sum(t.order_count), 0) as order_count, coalesce(sum(t.sales_cents), 0) as sales
  from (select order_count, sales_cents from shop_order_totals where shop_id = ${shopId}
        union all
        select order_count, sales_cents from shop_order_total_deltas where shop_id = ${shopId}) t`;

/** How often the deltas are folded: a hot shop's unfolded deltas stay a few hundred rows at most. */
export const SHOP_ORDER_TOTALS_FOLD_MS = 10_000;

/**
 * Folds every committed delta into its shop's row and deletes it, in one statement (and the
 * caller's transaction), so a reader sees the deltas either unfolded or folded, never both or
 * neither. Two runs at once cannot count a delta twice: the second one's DELETE waits for the rows
 * the first one deleted and then skips them; the shops' rows are updated in shop order, so two runs
 * never wait on each other crosswise. Answers how many deltas and shops it folded.
 */
export async function foldShopOrderTotals(db: DbOrTx): Promise<{ deltas: number; shops: number }> {
  const [row] = rowsOf<{ deltas: unknown; shops: unknown }>(
    await db.execute(sql`
      with folded as (delete from shop_order_total_deltas returning shop_id, order_count, sales_cents),
      per_shop as (select shop_id, sum(order_count) as order_count, sum(sales_cents) as sales_cents, count(*) as n from folded group by shop_id),
      upserted as (
        insert into shop_order_totals (shop_id, order_count, sales_cents)
        select shop_id, order_count, sales_cents from per_shop order by shop_id
        on conflict (shop_id) do update
          set order_count = shop_order_totals.order_count + excluded.order_count, sales_cents = shop_order_totals.sales_cents + excluded.sales_cents
        returning 1)
      select (select coalesce(sum(n), 0) from per_shop) as deltas, (select count(*) from upserted) as shops`),
  );
  return { deltas: Number(row?.deltas ?? 0), shops: Number(row?.shops ?? 0) };
}
