import { sql } from 'drizzle-orm';
import { ORDER_CONDITIONS } from '@shopdesk/shared/orders/lifecycle';
import type { DbOrTx } from '../../db/client.ts';
import { orderConditionSql } from '../orders/order-lifecycle.ts';

export interface ReconcileReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  totalBalanceCents: number;
  breaks: string[];
}

const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * Checks the ledger invariants: all balances sum to zero; each balance equals the sum of its
 * entries; every entry has after = before + change; each transfer has exactly two entries that
 * cancel out; no non-negative account is below zero. With `settlementHoldHours`, also that no
 * withdrawal took settlement still in its holding period: the shop's available balance before the
 * withdrawal less the sale amounts of its orders signed within the hold before it (settled, not
 * refunded) covers the amount.
 */
export async function reconcile(db: DbOrTx, options: { settlementHoldHours?: number } = {}): Promise<ReconcileReport> {
  const breaks: string[] = [];
  const [totals] = rows<{ accounts: string; total: string | null }>(
    await db.execute(sql`select count(*)::text as accounts, coalesce(sum(balance_cents), 0)::text as total from ledger_accounts`),
  );
  const totalBalanceCents = Number(totals.total ?? 0);
  if (totalBalanceCents !== 0) breaks.push(`sum of all balances is ${totalBalanceCents}, not 0`);

  const mismatched = rows<{ code: string; balance: string; entries: string }>(
    await db.execute(sql`
      select a.code, a.balance_cents::text as balance, coalesce(sum(e.change_cents), 0)::text as entries
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id having a.balance_cents <> coalesce(sum(e.change_cents), 0)`),
  );
  for (const m of mismatched) breaks.push(`account ${m.code}: balance ${m.balance} but entries sum to ${m.entries}`);

  const badLines = rows<{ id: string }>(
    await db.execute(sql`select id::text from ledger_entries where balance_after_cents <> balance_before_cents + change_cents limit 20`),
  );
  for (const line of badLines) breaks.push(`entry ${line.id}: after <> before + change`);

  const unbalanced = rows<{ id: string }>(
    await db.execute(sql`
      select t.id::text from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
      group by t.id having count(e.id) <> 2 or coalesce(sum(e.change_cents), 0) <> 0 limit 20`),
  );
  for (const t of unbalanced) breaks.push(`transfer ${t.id}: entries do not cancel out`);

  const negative = rows<{ code: string }>(
    await db.execute(sql`select code from ledger_accounts where not allow_negative and balance_cents < 0`),
  );
  for (const n of negative) breaks.push(`account ${n.code} is negative`);

  if (options.settlementHoldHours && options.settlementHoldHours > 0) {
    const hold = `${options.settlementHoldHours} hours`;
    const early = rows<{ id: string }>(
      await db.execute(sql`
        select w.id::text from withdrawals w
        join ledger_transfers t on t.idempotency_key = 'withdrawal:' || w.id || ':apply'
        join ledger_entries e on e.transfer_id = t.id and e.change_cents < 0
        where exists (select 1 from orders where orders.shop_id = w.shop_id and orders.signed_time is not null)
          and w.amount_cents > e.balance_before_cents - coalesce((
          select sum(orders.amount_cents) from orders
          where orders.shop_id = w.shop_id and ${orderConditionSql(ORDER_CONDITIONS.settledSale)}
            and orders.signed_time > t.created_at - ${hold}::interval and orders.signed_time <= t.created_at), 0)
        limit 20`),
    );
    for (const w of early) breaks.push(`withdrawal ${w.id} took settlement still in its holding period`);
  }

  const [counts] = rows<{ transfers: string }>(await db.execute(sql`select count(*)::text as transfers from ledger_transfers`));
  return { ok: breaks.length === 0, accounts: Number(totals.accounts), transfers: Number(counts.transfers), totalBalanceCents, breaks };
}
