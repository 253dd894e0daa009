import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql-text.ts';
import type { ReconcileCheck } from '../ledger/reconcile.ts';
import { promotionRemarkSql } from './voucher-reconcile.ts';

/**
 * The reconcile check of flash deals (reconcile's `checks`):
 * - a deal's sold count is the units of its orders not given back to it, and never above its cap;
 * - an order at a deal was sold below its normal unit price, by a deal of its shop and product;
 * - a settled order at a deal was settled at its amount (the seller funds the deal) on a statement
 *   line naming the deal (and its shop voucher, if any).
 */
export const dealCheck: ReconcileCheck = async (db) => {
  const breaks: string[] = [];
  const counts = rowsOf<{ id: string; sold: string; units: string; cap: string }>(
    await db.execute(sql`
      select d.id::text, d.sold_count::text as sold, d.stock_cap::text as cap, u.units::text as units
      from flash_deals d
      cross join lateral (select coalesce(sum(o.quantity), 0) as units from orders o where o.flash_deal_id = d.id and o.deal_returned_at is null) u
      where d.sold_count > d.stock_cap or d.sold_count <> u.units
      limit 20`),
  );
  for (const c of counts) breaks.push(`flash deal ${c.id}: sold count ${c.sold} but its orders hold ${c.units} units (cap ${c.cap})`);

  const sold = rowsOf<{ order_no: string }>(
    await db.execute(sql`
      select o.order_no from orders o left join flash_deals d on d.id = o.flash_deal_id
      where o.flash_deal_id is not null
        and (d.id is null or d.shop_id <> o.shop_id or d.shop_product_id is distinct from o.shop_product_id or o.normal_unit_price_cents <= o.unit_price_cents)
      limit 20`),
  );
  for (const s of sold) breaks.push(`order ${s.order_no}: not sold below its normal price by a deal of its product`);

  const settlements = rowsOf<{ order_no: string; remark: string | null; settled: string }>(
    await db.execute(sql`
      select o.order_no, t.remark, t.amount_cents::text as settled from orders o
      join ledger_transfers t on t.idempotency_key = 'order:' || o.order_no || ':settle'
      where o.flash_deal_id is not null and (t.amount_cents <> o.amount_cents or t.remark is distinct from ${promotionRemarkSql})
      limit 20`),
  );
  for (const s of settlements) breaks.push(`order ${s.order_no}: settled ${s.settled} as "${s.remark ?? ''}", not its amount at the deal`);
  return breaks;
};
