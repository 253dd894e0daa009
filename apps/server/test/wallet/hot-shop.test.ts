import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client.ts';
import { AppError } from '../../src/lib/app-error.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { balanceOf, shopAccount, transfer } from '../../src/modules/ledger/ledger-service.ts';
import {
  buyerPaid,
  depositApproved,
  orderSettled,
  packageBought,
  refundApproved,
  stockPurchased,
  withdrawalApplied,
  withdrawalCompleted,
  withdrawalReturned,
} from '../../src/modules/ledger/money-flows.ts';
import { createSeller, reconcileReport, useWalletTestApp } from '../helper.ts';

/**
 * One hot shop on a campaign day: 32 clients at once run every kind of money flow of the same shop
 * (withdrawals applied, returned and paid out; orders paid, purchased, settled or refunded;
 * packages bought), each flow in its own transaction, with replays of finished flows and refused
 * amounts mixed in. Whatever the interleaving, the shop's balances equal the sum of what the
 * committed flows moved, every account's statement chains line to line, and the ledger reconciles.
 * Meaningful on the PostgreSQL server (PGlite runs one transaction at a time); runs on both.
 */
const CLIENTS = 32;
const STEPS = process.env.DATABASE_URL ? 24 : 6;
// Enough for most flows, not for all: some purchases and packages are refused when the shop runs dry.
const FUNDS = 6_000_00;

/** A small deterministic generator per client, so a failure replays. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

describe('one hot shop under 32 clients', () => {
  const ctx = useWalletTestApp();

  it('keeps every balance, statement line and transfer exact under mixed concurrent flows with replays and refusals', async () => {
    const seller = await createSeller(ctx.db);
    const shopId = seller.shopId;
    const baseId = shopId * 1_000_000;
    await ctx.db.transaction((tx) => depositApproved(tx, { id: baseId, shopId, amountCents: FUNDS }));

    // What the committed flows moved, summed per shop account; a refused flow rolled back moves nothing.
    const expected = { available: FUNDS, frozen: 0 };
    const counts = { moved: 0, refused: 0, replayed: 0, badAmount: 0 };

    const run = <T,>(work: (tx: Tx) => Promise<T>) => ctx.db.transaction(work);
    const client = async (c: number) => {
      const next = random(c * 7919 + 17);
      const done: (() => Promise<unknown>)[] = [];
      for (let step = 0; step < STEPS; step++) {
        const id = baseId + c * 1000 + step + 1;
        const amount = 1 + next(4_000);
        const kind = next(6);
        try {
          if (kind === 0) {
            // A withdrawal applied, then returned or paid out with a fee.
            await run((tx) => withdrawalApplied(tx, { id, shopId, amountCents: amount }));
            expected.available -= amount;
            expected.frozen += amount;
            if (next(2) === 0) {
              await run((tx) => withdrawalReturned(tx, { id, shopId, amountCents: amount }));
              expected.available += amount;
            } else {
              const fee = Math.floor(amount / 50);
              await run((tx) => withdrawalCompleted(tx, { id, shopId, arrivalCents: amount - fee, feeCents: fee }));
            }
            expected.frozen -= amount;
            done.push(() => run((tx) => withdrawalApplied(tx, { id, shopId, amountCents: amount })));
          } else if (kind <= 2) {
            // An order: paid into escrow, its stock purchased, then settled or refunded.
            const order = { orderNo: `HOT${id}`, shopId, amountCents: amount + 500, purchaseAmountCents: amount };
            await run((tx) => buyerPaid(tx, order));
            await run((tx) => stockPurchased(tx, order));
            expected.available -= order.purchaseAmountCents;
            if (next(3) > 0) {
              await run((tx) => orderSettled(tx, order));
              expected.available += order.amountCents;
            } else {
              await run((tx) => refundApproved(tx, order));
              expected.available += order.purchaseAmountCents;
            }
            done.push(() => run((tx) => stockPurchased(tx, order)));
          } else if (kind === 3) {
            await run((tx) => packageBought(tx, { id, shopId, amountCents: amount * 3 }));
            expected.available -= amount * 3;
          } else if (kind === 4 && done.length > 0) {
            // A retry of a finished flow answers "replayed" and moves nothing.
            const results = (await done[next(done.length)]!()) as { replayed: boolean }[];
            expect(results.every((r) => r.replayed)).toBe(true);
            counts.replayed++;
            continue;
          } else {
            await expect(run((tx) => transfer(tx, { key: `hot:bad:${id}`, type: 'package', from: shopAccount(shopId), to: shopAccount(shopId, 'frozen'), amountCents: next(2) ? 0 : -amount, shopId }))).rejects.toMatchObject({ key: 'INVALID_AMOUNT' });
            counts.badAmount++;
            continue;
          }
          counts.moved++;
        } catch (error) {
          // Only an overdraft may refuse here, and it moved nothing (the flow's transaction rolled back).
          if (!(error instanceof AppError) || error.key !== 'INSUFFICIENT_BALANCE') throw error;
          counts.refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

    expect(counts.moved).toBeGreaterThan(CLIENTS);
    expect(counts.replayed + counts.badAmount).toBeGreaterThan(0);
    if (process.env.DATABASE_URL) expect(counts.refused).toBeGreaterThan(0);
    expect(await balanceOf(ctx.db, shopAccount(shopId))).toBe(expected.available);
    expect(await balanceOf(ctx.db, shopAccount(shopId, 'frozen'))).toBe(expected.frozen);

    // Every account the flows touched chains line to line in the order its lines were written
    // (under the account's lock), and ends at its balance.
    const broken = rowsOf<{ code: string; id: string }>(
      await ctx.db.execute(sql`
        select a.code, e.id::text from (
          select e.*, lag(e.balance_after_cents) over (partition by e.account_id order by e.id) as previous_after
          from ledger_entries e
        ) e join ledger_accounts a on a.id = e.account_id
        where e.previous_after is not null and e.previous_after <> e.balance_before_cents
        limit 5`),
    );
    expect(broken).toEqual([]);
    const ends = rowsOf<{ code: string }>(
      await ctx.db.execute(sql`
        select a.code from ledger_accounts a
        join lateral (select balance_after_cents from ledger_entries where account_id = a.id order by id desc limit 1) last on true
        where last.balance_after_cents <> a.balance_cents`),
    );
    expect(ends).toEqual([]);
    // No flow moved twice: one transfer per key, and the shop's transfers are those the flows made.
    const [dupes] = rowsOf<{ n: string }>(await ctx.db.execute(sql`select count(*)::text as n from (select idempotency_key from ledger_transfers group by 1 having count(*) > 1) d`));
    expect(Number(dupes!.n)).toBe(0);
    const report = await reconcileReport(ctx.app, ctx.operatorToken);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  }, 120_000);
});
