import { sql } from 'drizzle-orm';
import { promotionRemark } from '@shopdesk/shared/wallet/remarks';
import { rowsOf } from '../../lib/sql-text.ts';
import type { ReconcileCheck } from '../ledger/reconcile.ts';

// The remark promotionRemark writes for an order `o` (its deal and voucher), built in SQL from the
// function's own output for placeholder ids, so the two cannot drift apart.
const DEAL_ONLY = promotionRemark(1, null)!.replace(/1$/, '');
const VOUCHER_ONLY = promotionRemark(null, 1)!.replace(/1$/, '');
const DEAL_THEN_VOUCHER = promotionRemark(1, 2)!.split(/1|2/);

/** The settlement remark of an order `o` with a flash deal and/or a shop voucher (null with neither). */
export const promotionRemarkSql = sql`case
  when o.flash_deal_id is not null and o.voucher_id is not null
    then ${DEAL_THEN_VOUCHER[0]} || o.flash_deal_id::text || ${DEAL_THEN_VOUCHER[1]} || o.voucher_id::text
  when o.flash_deal_id is not null then ${DEAL_ONLY} || o.flash_deal_id::text
  when o.voucher_id is not null then ${VOUCHER_ONLY} || o.voucher_id::text
end`;

/**
 * The reconcile check of seller vouchers (reconcile's `checks`):
 * - a voucher's used count is its uses not returned, and never above its total quantity;
 * - no buyer holds more live uses of a voucher than its per-buyer limit;
 * - a use's discount is what its orders were given (their seller_discount_cents);
 * - an order with a voucher sells for its price less the voucher: amount + seller discount =
 *   unit price × quantity;
 * - a settled order with a voucher was settled at that amount (the seller funds the voucher) on a
 *   statement line naming the voucher (and the order's flash deal, if any).
 */
export const voucherCheck: ReconcileCheck = async (db) => {
  const breaks: string[] = [];
  const counts = rowsOf<{ id: string; used: string; live: string; total: string }>(
    await db.execute(sql`
      select v.id::text, v.used_count::text as used, v.total_quantity::text as total,
        (select count(*) from voucher_uses u where u.voucher_id = v.id and u.returned_at is null)::text as live
      from vouchers v
      where v.used_count > v.total_quantity
        or v.used_count <> (select count(*) from voucher_uses u where u.voucher_id = v.id and u.returned_at is null)
      limit 20`),
  );
  for (const c of counts) breaks.push(`voucher ${c.id}: used count ${c.used} but ${c.live} uses not returned (quantity ${c.total})`);

  const perBuyer = rowsOf<{ voucher: string; buyer: string }>(
    await db.execute(sql`
      select u.voucher_id::text as voucher, u.buyer_id::text as buyer from voucher_uses u join vouchers v on v.id = u.voucher_id
      where u.returned_at is null group by u.voucher_id, u.buyer_id, v.per_buyer_limit having count(*) > v.per_buyer_limit limit 20`),
  );
  for (const p of perBuyer) breaks.push(`voucher ${p.voucher}: buyer ${p.buyer} holds more uses than the per-buyer limit`);

  const shares = rowsOf<{ id: string }>(
    await db.execute(sql`
      select u.id::text from voucher_uses u
      where u.discount_cents <> coalesce((select sum(o.seller_discount_cents) from orders o where o.voucher_use_id = u.id), 0)
      limit 20`),
  );
  for (const s of shares) breaks.push(`voucher use ${s.id}: its orders' shares do not sum to its discount`);

  const amounts = rowsOf<{ order_no: string }>(
    await db.execute(sql`
      select order_no from orders where voucher_id is not null and amount_cents + seller_discount_cents <> unit_price_cents * quantity limit 20`),
  );
  for (const a of amounts) breaks.push(`order ${a.order_no}: amount + voucher share is not its price × quantity`);

  const settlements = rowsOf<{ order_no: string; remark: string; settled: string }>(
    await db.execute(sql`
      select o.order_no, t.remark, t.amount_cents::text as settled from orders o
      join ledger_transfers t on t.idempotency_key = 'order:' || o.order_no || ':settle'
      where o.voucher_id is not null and (t.amount_cents <> o.amount_cents or t.remark is distinct from ${promotionRemarkSql})
      limit 20`),
  );
  for (const s of settlements) breaks.push(`order ${s.order_no}: settled ${s.settled} as "${s.remark}", not its amount after the voucher`);
  return breaks;
};
