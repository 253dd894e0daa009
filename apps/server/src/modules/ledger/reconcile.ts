import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';

export interface ReconcileReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  totalBalanceCents: number;
  breaks: string[];
}

/**
 * An invariant of a module above the ledger, checked with the ledger's own: answers its breaks. The
 * ledger knows transfers, not orders or withdrawals, so the module that owns such a rule writes its check.
 */
export type ReconcileCheck = (db: DbOrTx) => Promise<string[]>;

/**
 * Checks the ledger invariants: all balances sum to zero; each balance equals the sum of its
 * entries; every entry has after = before + change; each transfer has exactly two entries that
 * cancel out; no non-negative account is below zero. Then each of `checks` (the wallet's settlement
 * hold, say: `settlementHoldCheck`).
 */
export async function reconcile(db: DbOrTx, options: { checks?: ReconcileCheck[] } = {}): Promise<ReconcileReport> {
  const breaks: string[] = [];
  const [totals] = rowsOf<{ accounts: string; total: string | null }>(
    await db.execute(sql`select count(*)::text as accounts, coalesce(sum(balance_cents), 0)::text as total from ledger_accounts`),
  );
  const totalBalanceCents = Number(totals.total ?? 0);
  if (totalBalanceCents !== 0) breaks.push(`sum of all balances is ${totalBalanceCents}, not 0`);

  const mismatched = rowsOf<{ code: string; balance: string; entries: string }>(
    await db.execute(sql`
      select a.code, a.balance_cents::text as balance, coalesce(sum(e.change_cents), 0)::text as entries
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id having a.balance_cents <> coalesce(sum(e.change_cents), 0)`),
  );
  for (const m of mismatched) breaks.push(`account ${m.code}: balance ${m.balance} but entries sum to ${m.entries}`);

  const badLines = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text from ledger_entries where balance_after_cents <> balance_before_cents + change_cents limit 20`),
  );
  for (const line of badLines) breaks.push(`entry ${line.id}: after <> before + change`);

  const unbalanced = rowsOf<{ id: string }>(
    await db.execute(sql`
      select t.id::text from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
      group by t.id having count(e.id) <> 2 or coalesce(sum(e.change_cents), 0) <> 0 limit 20`),
  );
  for (const t of unbalanced) breaks.push(`transfer ${t.id}: entries do not cancel out`);

  const negative = rowsOf<{ code: string }>(
    await db.execute(sql`select code from ledger_accounts where not allow_negative and balance_cents < 0`),
  );
  for (const n of negative) breaks.push(`account ${n.code} is negative`);

  for (const check of options.checks ?? []) breaks.push(...(await check(db)));

  const [counts] = rowsOf<{ transfers: string }>(await db.execute(sql`select count(*)::text as transfers from ledger_transfers`));
  return { ok: breaks.length === 0, accounts: Number(totals.accounts), transfers: Number(counts.transfers), totalBalanceCents, breaks };
}
