import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/**
 * A shop's all-time figures (migration 0038): its folded row plus its deltas not yet folded, which
 * the triggers on orders and reviews append in every writing transaction. Read in one statement (one
 * snapshot), they equal the aggregates over the shop's orders and reviews, for the cost of one row
 * and a few deltas instead of every order and review the shop ever had. Columns: order_count, sales
 * (the sales' amounts), review_count, rating_x10 (the average rating × 10, rounded; null without
 * reviews), unanswered_reviews.
 */
export const shopTotalsSql = (shopId: number): SQL => sql`
  select sum(t.order_count) as order_count, sum(t.sales_cents) as sales, sum(t.review_count) as review_count,
    round(sum(t.rating_sum) * 10.0 / nullif(sum(t.review_count), 0)) as rating_x10, sum(t.unanswered_reviews) as unanswered_reviews
  from (select 0::bigint as order_count, 0::bigint as sales_cents, 0::bigint as review_count, 0::bigint as rating_sum, 0::bigint as unanswered_reviews
        union all
        select order_count, sales_cents, review_count, rating_sum, unanswered_reviews from shop_totals where shop_id = ${shopId}
        union all
        select order_count, sales_cents, review_count, rating_sum, unanswered_reviews from shop_total_deltas where shop_id = ${shopId}) t`;

/** How often the deltas are folded: a hot shop's unfolded deltas stay a few hundred rows at most. */
export const SHOP_TOTALS_FOLD_MS = 10_000;

/**
 * Folds every committed delta into its shop's row and deletes it, in one statement (and the
 * caller's transaction), so a reader sees the deltas either unfolded or folded, never both or
 * neither. Two runs at once cannot count a delta twice: the second one's DELETE waits for the rows
 * the first one deleted and then skips them; the shops' rows are updated in shop order, so two runs
 * never wait on each other crosswise. Answers how many deltas and shops it folded.
 */
export async function foldShopTotals(db: DbOrTx): Promise<{ deltas: number; shops: number }> {
  const [row] = rowsOf<{ deltas: unknown; shops: unknown }>(
    await db.execute(sql`
      with folded as (delete from shop_total_deltas returning *),
      per_shop as (
        select shop_id, count(*) as n, sum(order_count) as order_count, sum(sales_cents) as sales_cents, sum(review_count) as review_count,
          sum(rating_sum) as rating_sum, sum(unanswered_reviews) as unanswered_reviews
        from folded group by shop_id),
      upserted as (
        insert into shop_totals as s (shop_id, order_count, sales_cents, review_count, rating_sum, unanswered_reviews)
        select shop_id, order_count, sales_cents, review_count, rating_sum, unanswered_reviews from per_shop order by shop_id
        on conflict (shop_id) do update set
          order_count = s.order_count + excluded.order_count, sales_cents = s.sales_cents + excluded.sales_cents,
          review_count = s.review_count + excluded.review_count, rating_sum = s.rating_sum + excluded.rating_sum,
          unanswered_reviews = s.unanswered_reviews + excluded.unanswered_reviews
        returning 1)
      select (select coalesce(sum(n), 0) from per_shop) as deltas, (select count(*) from upserted) as shops`),
  );
  return { deltas: Number(row?.deltas ?? 0), shops: Number(row?.shops ?? 0) };
}
