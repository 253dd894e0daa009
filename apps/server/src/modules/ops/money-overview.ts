import { sql } from 'drizzle-orm';
import type { MoneyOverview } from '@shopdesk/shared/ops/catalog';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/**
 * The platform's money at a glance, read from the ledger: each platform account's balance, what
 * shops and buyers hold, today's (UTC) approved deposits, completed withdrawals, fees and package
 * revenue, and what waits for a decision.
 */
export async function moneyOverview(db: Db): Promise<MoneyOverview> {
  const [accounts, [held], [today], [pending]] = await Promise.all([
    db.execute(sql`select code, balance_cents::text as balance from ledger_accounts where code like 'platform:%' order by code`).then((r) => rowsOf<{ code: string; balance: string }>(r)),
    db
      .execute(sql`select
          coalesce(sum(balance_cents) filter (where code like 'shop:%:available'), 0)::text as available,
          coalesce(sum(balance_cents) filter (where code like 'shop:%:frozen'), 0)::text as frozen,
          coalesce(sum(balance_cents) filter (where code like 'buyer:%:wallet'), 0)::text as buyers
        from ledger_accounts`)
      .then((r) => rowsOf<{ available: string; frozen: string; buyers: string }>(r)),
    db
      .execute(sql`select
          (select coalesce(sum(amount_cents), 0)::text from deposits where status = 'approved' and coalesce(decided_at, created_at) >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as deposits,
          (select count(*)::int from deposits where status = 'approved' and coalesce(decided_at, created_at) >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as deposits_count,
          (select coalesce(sum(amount_cents), 0)::text from withdrawals where status = 'completed' and completed_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as withdrawals,
          (select count(*)::int from withdrawals where status = 'completed' and completed_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as withdrawals_count,
          (select coalesce(sum(fee_cents), 0)::text from withdrawals where status = 'completed' and completed_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as fees,
          (select coalesce(sum(amount_cents), 0)::text from promotion_packages where purchased_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as packages`)
      .then((r) => rowsOf<Record<string, string | number>>(r)),
    db
      .execute(sql`select (select count(*)::int from deposits where status = 'pending') as deposits, (select count(*)::int from withdrawals where status in ('pending', 'approved', 'processing')) as withdrawals`)
      .then((r) => rowsOf<{ deposits: number; withdrawals: number }>(r)),
  ]);
  return {
    platformAccounts: accounts.map((a) => ({ code: a.code, balanceCents: Number(a.balance) })),
    shopsAvailableCents: Number(held!.available),
    shopsFrozenCents: Number(held!.frozen),
    buyersWalletCents: Number(held!.buyers),
    today: {
      depositsCents: Number(today!.deposits),
      depositsCount: Number(today!.deposits_count),
      withdrawalsCents: Number(today!.withdrawals),
      withdrawalsCount: Number(today!.withdrawals_count),
      feesCents: Number(today!.fees),
      packagesCents: Number(today!.packages),
    },
    pending: { deposits: Number(pending!.deposits), withdrawals: Number(pending!.withdrawals) },
  };
}
